-- Profile photos are uploaded now (user_avatars, ADR 0051): an outside address stored as the
-- photo was loaded by other members' browsers (a tracking pixel), so the stored ones go.
ALTER TABLE "users" DROP COLUMN "profile_image_url";
