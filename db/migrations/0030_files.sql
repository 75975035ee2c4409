-- Photos and files (docs/product/files.md): the rows, and the stored copies still to delete.
-- The trigger queues a file's copies for the purge sweep whatever deleted its row (the file,
-- its job or document, the account: the cascades fire it too), in the same transaction.
CREATE TABLE `file_purges` (
	`prefix` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `files` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`job_id` text,
	`estimate_id` text,
	`invoice_id` text,
	`appointment_id` text,
	`work_request_id` text,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`content_type` text NOT NULL,
	`size` integer NOT NULL,
	`stored_bytes` integer NOT NULL,
	`width` integer,
	`height` integer,
	`caption` text,
	`show_to_customer` integer DEFAULT false NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_by` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`estimate_id`) REFERENCES `estimates`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`work_request_id`) REFERENCES `work_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `files_account_idx` ON `files` (`account_id`,`stored_bytes`);--> statement-breakpoint
CREATE INDEX `files_job_idx` ON `files` (`job_id`,`position`);--> statement-breakpoint
CREATE INDEX `files_estimate_idx` ON `files` (`estimate_id`,`position`);--> statement-breakpoint
CREATE INDEX `files_invoice_idx` ON `files` (`invoice_id`,`position`);--> statement-breakpoint
CREATE INDEX `files_appointment_idx` ON `files` (`appointment_id`,`position`);--> statement-breakpoint
CREATE INDEX `files_work_request_idx` ON `files` (`work_request_id`,`position`);--> statement-breakpoint
CREATE TRIGGER `files_purge_copies` AFTER DELETE ON `files` BEGIN
	INSERT OR IGNORE INTO `file_purges` (`prefix`) VALUES ('accounts/' || old.account_id || '/' || old.id || '/');
END;
