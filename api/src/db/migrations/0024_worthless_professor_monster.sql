CREATE TABLE `claims` (
	`id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`customer_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`kind` text NOT NULL,
	`status` text NOT NULL,
	`description` text NOT NULL,
	`photos` text NOT NULL,
	`proof_of_value` text NOT NULL,
	`currency` text NOT NULL,
	`amount_claimed` integer NOT NULL,
	`cap` integer NOT NULL,
	`amount_agreed` integer,
	`bearer` text,
	`courier_note` text,
	`courier_evidence` text DEFAULT '[]' NOT NULL,
	`responded_at` integer,
	`courier_deadline` integer,
	`staff_note` text,
	`decided_by` text,
	`decided_at` integer,
	`refund_id` text,
	`paid_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `claims_order_idx` ON `claims` (`order_id`);--> statement-breakpoint
CREATE INDEX `claims_vendor_idx` ON `claims` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_customer_idx` ON `claims` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `claims_status_deadline_idx` ON `claims` (`status`,`courier_deadline`);--> statement-breakpoint
ALTER TABLE `order_events` ADD `claim_status` text;