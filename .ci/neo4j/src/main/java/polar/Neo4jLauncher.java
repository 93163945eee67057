package polar;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;

/**
 * A Neo4j community DBMS for tests and CI, where no Docker engine or tarball download is
 * available: the same kernel and Bolt server as the packaged product, embedded in one JVM.
 *
 * <p>Usage: {@code java -cp ... polar.Neo4jLauncher --home DIR [--host 127.0.0.1] [--port 7687]
 * [--pagecache 256m]}. The password for user {@code neo4j} comes from the env var named by
 * {@code --password-env} (default NEO4J_PASSWORD); when that var is empty, auth is disabled.
 * Prints one line {@code READY bolt://host:port} once Bolt accepts connections, then runs until
 * killed (SIGTERM shuts the DBMS down cleanly).
 */
public final class Neo4jLauncher {
  private Neo4jLauncher() {}

  public static void main(String[] args) {
    try {
      run(args);
    } catch (Throwable t) {
      // The DBMS's threads would keep the JVM alive: exit, so that the start script sees it.
      t.printStackTrace();
      fail("start-up failed: " + t);
    }
  }

  private static void run(String[] args) throws Exception {
    Map<String, String> opts = parse(args);
    Path home = Path.of(require(opts, "home")).toAbsolutePath();
    String host = opts.getOrDefault("host", "127.0.0.1");
    int port = Integer.parseInt(opts.getOrDefault("port", "7687"));
    String passwordEnv = opts.getOrDefault("password-env", "NEO4J_PASSWORD");
    String password = System.getenv(passwordEnv);
    boolean auth = password != null && !password.isEmpty();
    if (auth && password.length() < 8) {
      // Neo4j 5 rejects shorter passwords; say so here rather than deep in a stack trace.
      fail("the password in $" + passwordEnv + " must have at least 8 characters");
    }
    Files.createDirectories(home);

    DatabaseManagementService dbms =
        new DatabaseManagementServiceBuilder(home)
            .setConfig(BoltConnector.enabled, true)
            .setConfig(BoltConnector.listen_address, new SocketAddress(host, port))
            .setConfig(BoltConnector.advertised_address, new SocketAddress(host, port))
            .setConfig(HttpConnector.enabled, false)
            .setConfig(HttpsConnector.enabled, false)
            .setConfig(GraphDatabaseSettings.auth_enabled, auth)
            .setConfig(
                GraphDatabaseSettings.pagecache_memory,
                parseBytes(opts.getOrDefault("pagecache", "256m")))
            .build();
    Runtime.getRuntime().addShutdownHook(new Thread(dbms::shutdown, "neo4j-shutdown"));
    if (auth) setPassword(dbms, password);
    // Touch the default database so that a client's first query does not race its start-up.
    dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).executeTransactionally("RETURN 1");

    System.out.println("READY bolt://" + host + ":" + port + (auth ? " (auth on)" : " (auth off)"));
    System.out.flush();
    new CountDownLatch(1).await();
  }

  /**
   * The packaged server sets this with `neo4j-admin dbms set-initial-password`; embedded, the
   * system database takes the same administration command (parameterized: the password never
   * appears in a query string or a log). On a restart with the same password Neo4j refuses to
   * "change" it, which is the state we want.
   */
  private static void setPassword(DatabaseManagementService dbms, String password) {
    try {
      dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME)
          .executeTransactionally(
              "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
              Map.of("password", password));
    } catch (RuntimeException e) {
      if (!String.valueOf(e.getMessage()).contains("Old password and new password cannot be the same")) {
        throw e;
      }
    }
  }

  private static Map<String, String> parse(String[] args) {
    Map<String, String> out = new java.util.HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (!a.startsWith("--") || i + 1 >= args.length) {
        fail("bad argument '" + a + "': expected --name value pairs");
      }
      out.put(a.substring(2), args[++i]);
    }
    return out;
  }

  private static String require(Map<String, String> opts, String name) {
    String v = opts.get(name);
    if (v == null) fail("missing --" + name);
    return v;
  }

  private static long parseBytes(String s) {
    String t = s.trim().toLowerCase();
    long mult = 1;
    char last = t.charAt(t.length() - 1);
    if (last == 'k' || last == 'm' || last == 'g') {
      mult = last == 'k' ? 1L << 10 : last == 'm' ? 1L << 20 : 1L << 30;
      t = t.substring(0, t.length() - 1);
    }
    return Long.parseLong(t) * mult;
  }

  private static void fail(String message) {
    System.err.println("neo4j-launcher: " + message);
    System.exit(1);
  }
}
