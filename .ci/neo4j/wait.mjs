// Waits until a Neo4j server answers on Bolt (used by .ci/neo4j.sh start).
// Usage: node .ci/neo4j/wait.mjs URI TIMEOUT_S   (password from $NEO4J_PASSWORD, user neo4j)
import neo4j from "neo4j-driver";

const [uri, timeoutS = "120"] = process.argv.slice(2);
const deadline = Date.now() + Number(timeoutS) * 1000;
const password = process.env.NEO4J_PASSWORD ?? "";
let last = "";
while (Date.now() < deadline) {
  const driver = neo4j.driver(uri, neo4j.auth.basic("neo4j", password), { connectionTimeout: 2000 });
  try {
    const info = await driver.getServerInfo();
    const session = driver.session();
    const r = await session.run("CALL dbms.components() YIELD versions, edition RETURN versions[0] AS v, edition");
    await session.close();
    console.log(`neo4j ${r.records[0].get("v")} ${r.records[0].get("edition")} answers at ${uri} (${info.address})`);
    await driver.close();
    process.exit(0);
  } catch (e) {
    last = `${e.code ?? ""} ${e.message}`.trim();
    if (/Unauthorized|Security/.test(e.code ?? "")) break;
  } finally {
    await driver.close();
  }
  await new Promise((r) => setTimeout(r, 500));
}
console.error(`Neo4j at ${uri} did not answer within ${timeoutS} s: ${last}`);
process.exit(1);
