CREATE TABLE `commission_rates` (
	`vendor_id` text PRIMARY KEY NOT NULL,
	`percent_bp` integer NOT NULL,
	`fixed` integer NOT NULL,
	`updated_by` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `credit_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`receipt_id` text NOT NULL,
	`refund_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`receipt_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`refund_id`) REFERENCES `refunds`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_number_unique` ON `credit_notes` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_notes_refund_id_unique` ON `credit_notes` (`refund_id`);--> statement-breakpoint
CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`account` text NOT NULL,
	`vendor_id` text,
	`kind` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`payment_id` text,
	`order_id` text,
	`refund_id` text,
	`payout_item_id` text,
	`ref` text NOT NULL,
	`memo` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `ledger_vendor_at_idx` ON `ledger_entries` (`vendor_id`,`currency`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_payment_idx` ON `ledger_entries` (`payment_id`);--> statement-breakpoint
CREATE INDEX `ledger_order_idx` ON `ledger_entries` (`order_id`);--> statement-breakpoint
CREATE INDEX `ledger_account_kind_at_idx` ON `ledger_entries` (`account`,`kind`,`at`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_movement_unique` ON `ledger_entries` (`account`,`kind`,`ref`);--> statement-breakpoint
CREATE TABLE `order_commissions` (
	`order_id` text PRIMARY KEY NOT NULL,
	`vendor_id` text NOT NULL,
	`payment_id` text NOT NULL,
	`currency` text NOT NULL,
	`gross` integer NOT NULL,
	`percent_bp` integer NOT NULL,
	`fixed` integer NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `order_commissions_payment_unique` ON `order_commissions` (`payment_id`);--> statement-breakpoint
CREATE TABLE `payout_accounts` (
	`vendor_id` text PRIMARY KEY NOT NULL,
	`paypal_email` text,
	`verified_at` integer,
	`pending_email` text,
	`code_hash` text,
	`code_expires_at` integer,
	`code_attempts` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`vendor_id`) REFERENCES `vendors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payout_batches` (
	`id` text PRIMARY KEY NOT NULL,
	`status` text DEFAULT 'created' NOT NULL,
	`provider` text NOT NULL,
	`provider_batch_id` text,
	`trigger` text NOT NULL,
	`actor_id` text,
	`item_count` integer NOT NULL,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	`checked_at` integer,
	`closed_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_batches_provider_batch_id_unique` ON `payout_batches` (`provider_batch_id`);--> statement-breakpoint
CREATE INDEX `payout_batches_status_idx` ON `payout_batches` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `payout_items` (
	`id` text PRIMARY KEY NOT NULL,
	`batch_id` text NOT NULL,
	`vendor_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`receiver` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`provider_status` text,
	`provider_item_id` text,
	`transaction_id` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`batch_id`) REFERENCES `payout_batches`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_items_provider_item_id_unique` ON `payout_items` (`provider_item_id`);--> statement-breakpoint
CREATE INDEX `payout_items_vendor_idx` ON `payout_items` (`vendor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payout_items_batch_idx` ON `payout_items` (`batch_id`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`payment_id` text NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`issued_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_payment_id_unique` ON `receipts` (`payment_id`);--> statement-breakpoint
CREATE TABLE `refunds` (
	`id` text PRIMARY KEY NOT NULL,
	`payment_id` text NOT NULL,
	`seq` integer NOT NULL,
	`amount` integer NOT NULL,
	`currency` text NOT NULL,
	`bearer` text DEFAULT 'courier' NOT NULL,
	`reason` text NOT NULL,
	`actor_id` text,
	`actor_role` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`request_id` text NOT NULL,
	`provider_refund_id` text,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_request_id_unique` ON `refunds` (`request_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_provider_refund_id_unique` ON `refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_payment_seq_unique` ON `refunds` (`payment_id`,`seq`);--> statement-breakpoint
CREATE UNIQUE INDEX `refunds_one_in_flight` ON `refunds` (`payment_id`) WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX `refunds_status_idx` ON `refunds` (`status`,`created_at`);