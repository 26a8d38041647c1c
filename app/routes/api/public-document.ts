import { jsonAnswer, notFound } from "~/.server/api/json";
import { documentById } from "~/.server/api/public-api";
import { app } from "~/.server/context";
import type { Route } from "./+types/public-document";

/** GET /api/public/documents/{id}: one published document; 404 JSON when unknown, a draft or unpublished (decision 0035). */
export async function loader({ params }: Route.LoaderArgs) {
  const document = await documentById(app(), params.id);
  return document ? jsonAnswer(document) : notFound("document");
}
