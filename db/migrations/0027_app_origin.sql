-- The address each account's people last reached the app at (an http(s) origin), used for the
-- links in e-mails sent with no request behind them (payment reminders, estimate follow-ups and
-- expiry reminders, recurring invoices) when the server has no APP_URL. One row per account,
-- written at sign-in and registration when it changed, and by Settings when none is stored
-- (app/models/app-origin.server.ts). Per account rather than per deployment: a Host header is
-- whatever the client sends, so one account's requests must never set another's links.
CREATE TABLE `app_origins` (
	`account_id` text PRIMARY KEY NOT NULL,
	`origin` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade
);
