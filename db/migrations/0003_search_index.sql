-- Full-text search (FTS5, trigram: any 3 characters or more, case and accents ignored)
-- over the text the lists search. Each {table}_search holds the searched columns with the
-- row's id and account; {table}_search_keys maps a row's id to its search row, so the
-- triggers that keep the index in step update and delete by key, never by a scan.
-- Backfilled here from the rows already stored. See docs/decisions/010.
CREATE VIRTUAL TABLE `customers_search` USING fts5(id UNINDEXED, user_id UNINDEXED, name, email, phone, tokenize = 'trigram remove_diacritics 1');--> statement-breakpoint
CREATE TABLE `customers_search_keys` (`id` text PRIMARY KEY NOT NULL, `search_rowid` integer NOT NULL) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `customers_search` (id, user_id, name, email, phone) SELECT id, user_id, name, email, phone FROM `customers`;--> statement-breakpoint
INSERT INTO `customers_search_keys` (id, search_rowid) SELECT id, rowid FROM `customers_search`;--> statement-breakpoint
CREATE TRIGGER `customers_search_insert` AFTER INSERT ON `customers` BEGIN
  INSERT INTO `customers_search` (id, user_id, name, email, phone) VALUES (new.id, new.user_id, new.name, new.email, new.phone);
  INSERT INTO `customers_search_keys` (id, search_rowid) VALUES (new.id, last_insert_rowid());
END;--> statement-breakpoint
CREATE TRIGGER `customers_search_update` AFTER UPDATE OF user_id, name, email, phone ON `customers` BEGIN
  UPDATE `customers_search` SET user_id = new.user_id, name = new.name, email = new.email, phone = new.phone WHERE rowid = (SELECT search_rowid FROM `customers_search_keys` WHERE id = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `customers_search_delete` AFTER DELETE ON `customers` BEGIN
  DELETE FROM `customers_search` WHERE rowid = (SELECT search_rowid FROM `customers_search_keys` WHERE id = old.id);
  DELETE FROM `customers_search_keys` WHERE id = old.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `jobs_search` USING fts5(id UNINDEXED, user_id UNINDEXED, title, location, description, tokenize = 'trigram remove_diacritics 1');--> statement-breakpoint
CREATE TABLE `jobs_search_keys` (`id` text PRIMARY KEY NOT NULL, `search_rowid` integer NOT NULL) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `jobs_search` (id, user_id, title, location, description) SELECT id, user_id, title, location, description FROM `jobs`;--> statement-breakpoint
INSERT INTO `jobs_search_keys` (id, search_rowid) SELECT id, rowid FROM `jobs_search`;--> statement-breakpoint
CREATE TRIGGER `jobs_search_insert` AFTER INSERT ON `jobs` BEGIN
  INSERT INTO `jobs_search` (id, user_id, title, location, description) VALUES (new.id, new.user_id, new.title, new.location, new.description);
  INSERT INTO `jobs_search_keys` (id, search_rowid) VALUES (new.id, last_insert_rowid());
END;--> statement-breakpoint
CREATE TRIGGER `jobs_search_update` AFTER UPDATE OF user_id, title, location, description ON `jobs` BEGIN
  UPDATE `jobs_search` SET user_id = new.user_id, title = new.title, location = new.location, description = new.description WHERE rowid = (SELECT search_rowid FROM `jobs_search_keys` WHERE id = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `jobs_search_delete` AFTER DELETE ON `jobs` BEGIN
  DELETE FROM `jobs_search` WHERE rowid = (SELECT search_rowid FROM `jobs_search_keys` WHERE id = old.id);
  DELETE FROM `jobs_search_keys` WHERE id = old.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `estimates_search` USING fts5(id UNINDEXED, user_id UNINDEXED, estimate_number, title, tokenize = 'trigram remove_diacritics 1');--> statement-breakpoint
CREATE TABLE `estimates_search_keys` (`id` text PRIMARY KEY NOT NULL, `search_rowid` integer NOT NULL) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `estimates_search` (id, user_id, estimate_number, title) SELECT id, user_id, estimate_number, title FROM `estimates`;--> statement-breakpoint
INSERT INTO `estimates_search_keys` (id, search_rowid) SELECT id, rowid FROM `estimates_search`;--> statement-breakpoint
CREATE TRIGGER `estimates_search_insert` AFTER INSERT ON `estimates` BEGIN
  INSERT INTO `estimates_search` (id, user_id, estimate_number, title) VALUES (new.id, new.user_id, new.estimate_number, new.title);
  INSERT INTO `estimates_search_keys` (id, search_rowid) VALUES (new.id, last_insert_rowid());
END;--> statement-breakpoint
CREATE TRIGGER `estimates_search_update` AFTER UPDATE OF user_id, estimate_number, title ON `estimates` BEGIN
  UPDATE `estimates_search` SET user_id = new.user_id, estimate_number = new.estimate_number, title = new.title WHERE rowid = (SELECT search_rowid FROM `estimates_search_keys` WHERE id = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `estimates_search_delete` AFTER DELETE ON `estimates` BEGIN
  DELETE FROM `estimates_search` WHERE rowid = (SELECT search_rowid FROM `estimates_search_keys` WHERE id = old.id);
  DELETE FROM `estimates_search_keys` WHERE id = old.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `invoices_search` USING fts5(id UNINDEXED, user_id UNINDEXED, invoice_number, title, tokenize = 'trigram remove_diacritics 1');--> statement-breakpoint
CREATE TABLE `invoices_search_keys` (`id` text PRIMARY KEY NOT NULL, `search_rowid` integer NOT NULL) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `invoices_search` (id, user_id, invoice_number, title) SELECT id, user_id, invoice_number, title FROM `invoices`;--> statement-breakpoint
INSERT INTO `invoices_search_keys` (id, search_rowid) SELECT id, rowid FROM `invoices_search`;--> statement-breakpoint
CREATE TRIGGER `invoices_search_insert` AFTER INSERT ON `invoices` BEGIN
  INSERT INTO `invoices_search` (id, user_id, invoice_number, title) VALUES (new.id, new.user_id, new.invoice_number, new.title);
  INSERT INTO `invoices_search_keys` (id, search_rowid) VALUES (new.id, last_insert_rowid());
END;--> statement-breakpoint
CREATE TRIGGER `invoices_search_update` AFTER UPDATE OF user_id, invoice_number, title ON `invoices` BEGIN
  UPDATE `invoices_search` SET user_id = new.user_id, invoice_number = new.invoice_number, title = new.title WHERE rowid = (SELECT search_rowid FROM `invoices_search_keys` WHERE id = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `invoices_search_delete` AFTER DELETE ON `invoices` BEGIN
  DELETE FROM `invoices_search` WHERE rowid = (SELECT search_rowid FROM `invoices_search_keys` WHERE id = old.id);
  DELETE FROM `invoices_search_keys` WHERE id = old.id;
END;--> statement-breakpoint
CREATE VIRTUAL TABLE `appointments_search` USING fts5(id UNINDEXED, user_id UNINDEXED, title, location, description, tokenize = 'trigram remove_diacritics 1');--> statement-breakpoint
CREATE TABLE `appointments_search_keys` (`id` text PRIMARY KEY NOT NULL, `search_rowid` integer NOT NULL) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `appointments_search` (id, user_id, title, location, description) SELECT id, user_id, title, location, description FROM `appointments`;--> statement-breakpoint
INSERT INTO `appointments_search_keys` (id, search_rowid) SELECT id, rowid FROM `appointments_search`;--> statement-breakpoint
CREATE TRIGGER `appointments_search_insert` AFTER INSERT ON `appointments` BEGIN
  INSERT INTO `appointments_search` (id, user_id, title, location, description) VALUES (new.id, new.user_id, new.title, new.location, new.description);
  INSERT INTO `appointments_search_keys` (id, search_rowid) VALUES (new.id, last_insert_rowid());
END;--> statement-breakpoint
CREATE TRIGGER `appointments_search_update` AFTER UPDATE OF user_id, title, location, description ON `appointments` BEGIN
  UPDATE `appointments_search` SET user_id = new.user_id, title = new.title, location = new.location, description = new.description WHERE rowid = (SELECT search_rowid FROM `appointments_search_keys` WHERE id = old.id);
END;--> statement-breakpoint
CREATE TRIGGER `appointments_search_delete` AFTER DELETE ON `appointments` BEGIN
  DELETE FROM `appointments_search` WHERE rowid = (SELECT search_rowid FROM `appointments_search_keys` WHERE id = old.id);
  DELETE FROM `appointments_search_keys` WHERE id = old.id;
END;
