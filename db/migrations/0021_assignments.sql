-- Work assigned to a member (jobs and appointments), visits that can be in progress, and each
-- visit's events with who did them (decision 030).
CREATE TABLE `visit_events` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`appointment_id` text NOT NULL,
	`kind` text NOT NULL,
	`actor_id` text,
	`actor_role` text,
	`body` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `visit_events_appointment_idx` ON `visit_events` (`appointment_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `visit_events_on_my_way_idx` ON `visit_events` (`appointment_id`) WHERE `kind` = 'on_my_way';--> statement-breakpoint
ALTER TABLE `appointments` ADD `assignee_id` text REFERENCES account_members(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `appointments_assignee_idx` ON `appointments` (`assignee_id`,`scheduled_date`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `assignee_id` text REFERENCES account_members(id) ON DELETE SET NULL;--> statement-breakpoint
CREATE INDEX `jobs_assignee_idx` ON `jobs` (`assignee_id`,`account_id`,`scheduled_date`);