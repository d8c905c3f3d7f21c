const { demoRecords } = await import('../src/lib/seed/seed');
const d = demoRecords();
for (const r of [...d.portfolio, ...d.insights])
  console.log(JSON.stringify(r).length, r.title.en.slice(0, 30), 'imageUrl' in r ? r.imageUrl : '');
