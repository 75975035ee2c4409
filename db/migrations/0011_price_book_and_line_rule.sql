CREATE TABLE `price_items` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`unit_price` integer NOT NULL,
	`unit` text DEFAULT 'each' NOT NULL,
	`taxable` integer DEFAULT true NOT NULL,
	`category` text,
	`cost` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `price_items_user_name_idx` ON `price_items` (`user_id`,"name" collate nocase,`id`);--> statement-breakpoint
CREATE INDEX `price_items_user_category_idx` ON `price_items` (`user_id`,`category`,"name" collate nocase,`id`);--> statement-breakpoint
ALTER TABLE `estimate_items` ADD `taxable` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `estimate_items` ADD `discount_percent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `estimate_items` ADD `optional` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `taxable` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `invoice_items` ADD `discount_percent` integer DEFAULT 0 NOT NULL;