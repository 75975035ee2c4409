-- A business becomes an account with members (docs/decisions/029). Nothing is copied out of
-- the business tables: every id and share link stays the same. Drizzle runs a migration with
-- foreign keys off and in one transaction, so the tables below are rebuilt without cascades.
--
-- 1. The logins' table becomes the accounts' table, under its new name: SQLite rewrites every
--    business table's foreign key to follow it (they now reference `accounts`). Each account
--    keeps its founder's user id as its id.
ALTER TABLE `users` RENAME TO `accounts`;--> statement-breakpoint
DROP INDEX `users_email_unique`;--> statement-breakpoint
-- 2. The logins, in a table of their own with the same ids and columns.
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);--> statement-breakpoint
INSERT INTO `users` (`id`, `name`, `email`, `password_hash`, `created_at`, `updated_at`)
  SELECT `id`, `name`, `email`, `password_hash`, `created_at`, `updated_at` FROM `accounts`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
-- 3. The accounts keep only what is the account's. The business tables reference `accounts` by
--    name, so the rebuilt table takes their references over.
CREATE TABLE `accounts_rebuilt` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);--> statement-breakpoint
INSERT INTO `accounts_rebuilt` (`id`, `created_at`) SELECT `id`, `created_at` FROM `accounts`;--> statement-breakpoint
DROP TABLE `accounts`;--> statement-breakpoint
ALTER TABLE `accounts_rebuilt` RENAME TO `accounts`;--> statement-breakpoint
-- 4. A session is a login's: rebuilt to reference `users` again (step 1 pointed it at accounts).
CREATE TABLE `sessions_rebuilt` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`last_seen_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
INSERT INTO `sessions_rebuilt` (`id`, `user_id`, `created_at`, `last_seen_at`, `expires_at`)
  SELECT `id`, `user_id`, `created_at`, `last_seen_at`, `expires_at` FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `sessions_rebuilt` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
-- 5. The members: every existing login is the owner of its own account (member id = user id).
CREATE TABLE `account_members` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`user_id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `account_members_user_idx` ON `account_members` (`user_id`);--> statement-breakpoint
CREATE INDEX `account_members_account_idx` ON `account_members` (`account_id`,`role`);--> statement-breakpoint
INSERT INTO `account_members` (`id`, `account_id`, `user_id`, `role`, `created_at`)
  SELECT `id`, `id`, `id`, 'owner', `created_at` FROM `users`;--> statement-breakpoint
-- 6. The business tables' column says whose it is: the account's. SQLite renames it in their
--    indexes and triggers too. (The search tables, customers_search and jobs_search, keep their
--    own unindexed copy under the name user_id.)
ALTER TABLE `account_totals` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `account_settings` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `customers` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `jobs` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `estimates` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `invoices` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `payments` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `estimate_deposits` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `late_charges` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `price_items` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `appointments` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `notifications` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `estimate_share_tokens` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `invoice_share_tokens` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `recurring_invoices` RENAME COLUMN `user_id` TO `account_id`;--> statement-breakpoint
ALTER TABLE `recurring_invoice_runs` RENAME COLUMN `user_id` TO `account_id`;
