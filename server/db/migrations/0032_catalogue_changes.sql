-- Hand-written (issue 31; decision 0046 "Answers dropped by what changed"): a log of what each bump
-- of the catalogue version changed, so an instance moving from one version to the next drops only
-- the cached answers the change can reach instead of all of them. One row per bump, written by the
-- bump's own statement (server/catalogue-version.ts) in the writer's transaction: `asins` and
-- `words` null = anything may have changed (an import, a delete: every answer is dropped);
-- otherwise the ASINs of the products written and the word keys (the first four letters of each
-- search lexeme, before and after the write) an answer is matched against. Rows more than 200
-- versions old are deleted by the bump; an instance further behind than that drops everything.
CREATE TABLE "catalogue_changes" (
  "version" bigint PRIMARY KEY NOT NULL,
  "asins" text[],
  "words" text[],
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
