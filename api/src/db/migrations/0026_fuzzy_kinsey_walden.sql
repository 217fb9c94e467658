CREATE TABLE `adjustments` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`status` text NOT NULL,
	`booked_parcels` text NOT NULL,
	`measured_parcels` text NOT NULL,
	`booked_chargeable_kg` real NOT NULL,
	`measured_chargeable_kg` real NOT NULL,
	`photos` text NOT NULL,
	`note` text,
	`currency` text NOT NULL,
	`booked_price` integer NOT NULL,
	`adjusted_price` integer NOT NULL,
	`difference` integer NOT NULL,
	`dispute_reason` text,
	`disputed_at` integer,
	`staff_note` text,
	`decided_by` text,
	`decided_at` integer,
	`accepted_at` integer,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `adjustments_order_idx` ON `adjustments` (`order_id`);--> statement-breakpoint
CREATE INDEX `adjustments_vendor_idx` ON `adjustments` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `adjustments_status_idx` ON `adjustments` (`status`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_order_commissions` (
	`order_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`currency` text NOT NULL,
	`gross` integer NOT NULL,
	`percent_bp` integer NOT NULL,
	`fixed` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`order_id`, `payment_id`),
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `__new_order_commissions`("order_id", "vendor_id", "payment_id", "currency", "gross", "percent_bp", "fixed", "amount", "created_at") SELECT "order_id", "vendor_id", "payment_id", "currency", "gross", "percent_bp", "fixed", "amount", "created_at" FROM `order_commissions`;--> statement-breakpoint
DROP TABLE `order_commissions`;--> statement-breakpoint
ALTER TABLE `__new_order_commissions` RENAME TO `order_commissions`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `order_commissions_payment_idx` ON `order_commissions` (`payment_id`);--> statement-breakpoint
ALTER TABLE `refunds` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `order_events` ADD `adjustment_status` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `adjustment_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_adjustment_unique` ON `payments` (`adjustment_id`);