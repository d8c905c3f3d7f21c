// Renders public/images/social-card.jpg (1200x630), the default link-preview image.
import sharp from 'sharp';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <radialGradient id="g" cx="85%" cy="10%" r="90%">
      <stop offset="0" stop-color="#065f46"/><stop offset="0.55" stop-color="#0b1f3a"/><stop offset="1" stop-color="#071426"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <g opacity="0.18" stroke="#10b981" fill="none">
    ${Array.from({ length: 9 }, (_, i) => `<circle cx="1010" cy="120" r="${80 + i * 55}"/>`).join('')}
  </g>
  <rect x="90" y="200" width="88" height="88" rx="18" fill="#ffffff"/>
  <path d="M112 224l22 41 22-41" fill="none" stroke="#10b981" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
  <text x="90" y="380" font-family="DejaVu Sans, Arial, sans-serif" font-size="72" font-weight="700" fill="#ffffff">Vantia Partners</text>
  <text x="90" y="440" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#a7f3d0">Digital transformation · Strategic investment</text>
</svg>`;

await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toFile('public/images/social-card.jpg');
console.log('public/images/social-card.jpg written');
