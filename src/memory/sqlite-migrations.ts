/**
 * Schema of the embedded store, one entry per version (PRAGMA user_version = number applied).
 * Append new migrations; never edit an applied one. Every table but `meta` carries user_id, and
 * every query filters on it.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE users (user_id TEXT PRIMARY KEY, created_at INTEGER NOT NULL);
  CREATE TABLE objects (
    user_id TEXT NOT NULL REFERENCES users(user_id),
    object_id TEXT NOT NULL,
    category TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, object_id)
  );
  CREATE TABLE statements (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL REFERENCES users(user_id),
    text TEXT NOT NULL,
    embedding BLOB NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX statements_user ON statements(user_id);
  CREATE TABLE episodes (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    object_id TEXT NOT NULL,
    instruction TEXT NOT NULL,
    success INTEGER NOT NULL,
    trajectory TEXT NOT NULL,
    at INTEGER NOT NULL,
    FOREIGN KEY (user_id, object_id) REFERENCES objects(user_id, object_id)
  );
  CREATE INDEX episodes_user ON episodes(user_id, at);
  CREATE TABLE statement_links (
    user_id TEXT NOT NULL,
    object_id TEXT NOT NULL,
    statement_id TEXT NOT NULL REFERENCES statements(id),
    episode_id TEXT NOT NULL REFERENCES episodes(id),
    at INTEGER NOT NULL,
    PRIMARY KEY (statement_id, object_id, episode_id),
    FOREIGN KEY (user_id, object_id) REFERENCES objects(user_id, object_id)
  );
  CREATE INDEX links_object ON statement_links(user_id, object_id);
  CREATE TABLE instructions (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    episode_id TEXT NOT NULL REFERENCES episodes(id),
    object_id TEXT NOT NULL,
    text TEXT NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX instructions_object ON instructions(user_id, object_id);
  CREATE TABLE episodic (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    episode_id TEXT NOT NULL REFERENCES episodes(id),
    object_id TEXT NOT NULL,
    text TEXT NOT NULL,
    success INTEGER NOT NULL,
    at INTEGER NOT NULL
  );
  CREATE INDEX episodic_object ON episodic(user_id, object_id);
  CREATE TABLE images (
    id TEXT PRIMARY KEY,
    user_id TEXT NOT NULL,
    episode_id TEXT NOT NULL REFERENCES episodes(id),
    object_id TEXT NOT NULL,
    hash TEXT NOT NULL,
    path TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX images_user ON images(user_id, object_id);
  CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    node_id TEXT NOT NULL,
    object_id TEXT,
    episode_id TEXT,
    at INTEGER NOT NULL,
    recorded_at INTEGER NOT NULL,
    detail TEXT NOT NULL
  );
  CREATE INDEX events_user ON events(user_id, seq);
  `,
  // 2: superseded edges are kept with the time they stopped holding; facts about the user or
  // another entity hang off the user, not an object
  `
  ALTER TABLE statement_links ADD COLUMN invalid_at INTEGER;
  ALTER TABLE statement_links ADD COLUMN invalidated_by TEXT;
  CREATE TABLE user_statements (
    user_id TEXT NOT NULL REFERENCES users(user_id),
    statement_id TEXT NOT NULL REFERENCES statements(id),
    episode_id TEXT NOT NULL REFERENCES episodes(id),
    at INTEGER NOT NULL,
    invalid_at INTEGER,
    invalidated_by TEXT,
    PRIMARY KEY (statement_id, episode_id)
  );
  CREATE INDEX user_statements_user ON user_statements(user_id);
  `,
  // 3: each user's statement vectors also as int8 blocks (sqlite-vectors.ts), so the index loads
  // with one read a block; a store migrated here has none, and they are rebuilt from the rows
  `
  CREATE TABLE statement_vectors (
    user_id TEXT NOT NULL REFERENCES users(user_id),
    block INTEGER NOT NULL,
    rows INTEGER NOT NULL,
    ids TEXT NOT NULL,
    int8 BLOB NOT NULL,
    stats BLOB NOT NULL,
    PRIMARY KEY (user_id, block)
  );
  `,
  // 4: a generation per user, moved by every change to their vector blocks (triggers, so no write
  // path can forget it): an index file beside the database (index-file.ts) is used only while it
  // was written at the user's current generation
  `
  CREATE TABLE vector_generations (user_id TEXT PRIMARY KEY, gen INTEGER NOT NULL);
  CREATE TRIGGER statement_vectors_inserted AFTER INSERT ON statement_vectors BEGIN
    INSERT INTO vector_generations (user_id, gen) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET gen = gen + 1;
  END;
  CREATE TRIGGER statement_vectors_updated AFTER UPDATE ON statement_vectors BEGIN
    INSERT INTO vector_generations (user_id, gen) VALUES (OLD.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET gen = gen + 1;
    INSERT INTO vector_generations (user_id, gen) VALUES (NEW.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET gen = gen + 1;
  END;
  CREATE TRIGGER statement_vectors_deleted AFTER DELETE ON statement_vectors BEGIN
    INSERT INTO vector_generations (user_id, gen) VALUES (OLD.user_id, 1)
      ON CONFLICT (user_id) DO UPDATE SET gen = gen + 1;
  END;
  `,
];
