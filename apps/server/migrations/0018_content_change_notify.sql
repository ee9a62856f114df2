-- Content documents (home, menus, banners) tell every app instance (LISTEN content_changed) when anyone
-- writes them, so the shared page cache (src/http/page-cache.ts) drops the pages built from them.
CREATE OR REPLACE FUNCTION notify_content_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER cms_document_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cms_document FOR EACH STATEMENT EXECUTE FUNCTION notify_content_changed();
