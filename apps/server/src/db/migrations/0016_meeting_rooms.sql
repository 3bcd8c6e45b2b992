-- How each psychologist's sessions get their meeting link (issue 20, meeting rooms): pasted by hand
-- (the default, as before), a new Jitsi Meet room per confirmed session on jitsi_server, or one
-- personal link. Read when a session is confirmed; booked sessions keep the link they were given.
ALTER TABLE "psychologist_profiles" ADD COLUMN "meeting_link_method" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "jitsi_server" text;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "personal_meeting_link" text;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD CONSTRAINT "psychologist_meeting_link_method" CHECK ("psychologist_profiles"."meeting_link_method" = 'manual'
        or ("psychologist_profiles"."meeting_link_method" = 'jitsi' and "psychologist_profiles"."jitsi_server" is not null)
        or ("psychologist_profiles"."meeting_link_method" = 'personal' and "psychologist_profiles"."personal_meeting_link" is not null));