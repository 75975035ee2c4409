ALTER TABLE `account_settings` ADD `reminders_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `account_settings` ADD `reminder_steps` text DEFAULT '-3,0,7,14' NOT NULL;--> statement-breakpoint
ALTER TABLE `invoices` ADD `reminders_off` integer DEFAULT false NOT NULL;