// Seeds demo content into the local Blobs store that `netlify dev` reads, when it is empty.
import { seedDemoContent } from '../src/lib/seed/seed';
import { openLocalBlobs } from './local-blobs';

const blobs = await openLocalBlobs();
try {
  const seeded = await seedDemoContent();
  if (seeded.portfolio || seeded.insights) {
    console.log(`Seeded demo content: ${seeded.portfolio} case studies, ${seeded.insights} insights.`);
  }
} finally {
  await blobs.stop();
}
