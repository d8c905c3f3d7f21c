#!/usr/bin/env bash
# Renders the site's two muted background loops from the demo images (needs ffmpeg:
# `apt-get install ffmpeg`). The outputs are committed; nothing runs this at build time.
set -euo pipefail
cd "$(dirname "$0")/.."
loop() { # source, output, size, crf
  ffmpeg -y -loglevel error -loop 1 -i "$1" \
    -vf "scale=1920:1280,zoompan=z='1.15+0.1*sin(2*PI*on/240)':x='iw/2-(iw/zoom/2)+40*sin(2*PI*on/240)':y='ih/2-(ih/zoom/2)':d=240:s=$3:fps=24,format=yuv420p" \
    -t 10 -c:v libvpx-vp9 -b:v 0 -crf "$4" -deadline good -cpu-used 4 -an "$2"
}
mkdir -p public/video
loop public/images/demo/insight-ai-governance.jpg public/video/hero.webm 1280x720 50
loop public/images/demo/insight-data-products.jpg public/video/ceo-calling.webm 640x426 48
