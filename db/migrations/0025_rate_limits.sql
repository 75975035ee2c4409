-- Rate limits counted in the database (docs/decisions/033): one row per limiter and key
-- ("sign-in:<e-mail>", "address:<ip> /login", "ai:<account>", "notice:<e-mail>"), with the
-- attempts of the current window and the instant it ends (epoch ms). Every app server on the
-- database counts into the same rows, so two machines give one client the allowance of one.
-- WITHOUT ROWID: the rows are found by their key only, which then is the table's own b-tree
-- (added here by hand; drizzle's schema cannot say it and its snapshot does not record it).
-- Rows whose window has ended are purged once a day by the work runner.
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`reset_at` integer NOT NULL
) WITHOUT ROWID;
