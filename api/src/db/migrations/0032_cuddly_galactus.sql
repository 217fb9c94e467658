ALTER TABLE `order_events` ADD `driver_name` text;--> statement-breakpoint
ALTER TABLE `order_events` ADD `window_from` text;--> statement-breakpoint
ALTER TABLE `order_events` ADD `window_to` text;