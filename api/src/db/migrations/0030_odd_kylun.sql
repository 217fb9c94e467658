CREATE TABLE `return_charges` (
	`id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`return_count` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `return_charges_partner_idx` ON `return_charges` (`partner_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `return_charge_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_return_charge_unique` ON `payments` (`return_charge_id`);--> statement-breakpoint
ALTER TABLE `order_returns` ADD `charge_id` text REFERENCES return_charges(id);--> statement-breakpoint
CREATE INDEX `order_returns_charge_idx` ON `order_returns` (`charge_id`);