CREATE TABLE `postcodes` (
	`postcode` text PRIMARY KEY NOT NULL,
	`outward` text NOT NULL,
	`lat` real NOT NULL,
	`lon` real NOT NULL
);
--> statement-breakpoint
CREATE INDEX `postcodes_outward_idx` ON `postcodes` (`outward`);