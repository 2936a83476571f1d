const mb = (l) => { gc(); const m=process.memoryUsage(); console.log(l, Math.round(m.rss/1048576), "rss ext", Math.round(m.external/1048576), "ab", Math.round(m.arrayBuffers/1048576)); };
const fs = await import("node:fs");
const { PGlite } = await import("@electric-sql/pglite");
const sp = [...PGlite.defaultStartParams, ...["shared_buffers=16MB", "maintenance_work_mem=8MB"].flatMap(s=>["-c",s])];
if (process.argv[2]==="dump") {
  const pg = await PGlite.create("/tmp/speed-probe-db", { startParams: sp });
  const blob = await pg.dumpDataDir("gzip"); fs.writeFileSync("/tmp/speed-template.tar.gz", Buffer.from(await blob.arrayBuffer())); console.log("dump", blob.size); await pg.close(); process.exit(0);
}
const dir = "/tmp/speed-probe-db2"; fs.rmSync(dir,{recursive:true,force:true});
let t=Date.now();
const pg = await PGlite.create(dir, { startParams: sp, loadDataDir: new Blob([fs.readFileSync("/tmp/speed-template.tar.gz")]) });
mb("from template " + (Date.now()-t) + "ms");
console.log((await pg.query("select 1 as x")).rows);
