// GET /api/openapi.json's own answer: an OpenAPI 3.1 document (its outline; the rest is OpenAPI's own schema).
import { z } from "zod";

export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string().startsWith("/"), z.record(z.string(), z.unknown())).describe("Each path's operations by method"),
  components: z.looseObject({}).optional(),
});
