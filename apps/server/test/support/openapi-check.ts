import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';

interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

/**
 * Checks every answer a test sees against the published OpenAPI document: the status must be declared for
 * its operation, and a JSON body must match that status's schema. Schemas compile once per operation and
 * status, on first use, so a test file pays only for the routes it calls.
 */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  let checker: Promise<Checker> | undefined;
  (app as { inject: unknown }).inject = async (options: InjectOptions | string) => {
    const response = await inject(options);
    const { method = 'GET', url = '/' } = typeof options === 'string' ? { url: options } : options;
    const path = (typeof url === 'string' ? url : (url.pathname ?? '/')).split('?')[0]!;
    if (path.startsWith('/api/') && !path.startsWith('/api/docs') && path !== '/api/openapi.json') {
      checker ??= inject({ method: 'GET', url: '/api/openapi.json' }).then((r) => new Checker(r.json()));
      (await checker).check(method.toUpperCase(), path, response);
    }
    return response;
  };
}

class Checker {
  private readonly router = FindMyWay({ maxParamLength: 500 });
  private readonly ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: Document) {
    this.ajv.addSchema({ $id: 'openapi', components: document.components });
    for (const [path, operations] of Object.entries(document.paths)) {
      const pattern = path.replace(/\{\*\}/g, '*').replace(/\{([^}]+)\}/g, ':$1');
      for (const method of Object.keys(operations)) {
        const upper = method.toUpperCase() as HTTPMethod;
        if (!this.router.hasRoute(upper, pattern)) this.router.on(upper, pattern, () => {}, { path, method });
      }
    }
  }

  check(method: string, path: string, response: LightMyRequestResponse): void {
    const found = this.router.find(method as HTTPMethod, path);
    // Unknown paths and methods answer the generic JSON 404/405, which no operation declares.
    if (!found) return;
    const { path: documentPath, method: documentMethod } = found.store as { path: string; method: string };
    const where = `${method} ${path} → ${response.statusCode} (operation ${documentMethod.toUpperCase()} ${documentPath})`;
    const operation = this.document.paths[documentPath]![documentMethod]!;
    const declared = operation.responses[String(response.statusCode)];
    if (!declared) {
      throw new Error(
        `OpenAPI drift: ${where} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`,
      );
    }
    const schema = declared.content?.['application/json']?.schema;
    const type = String(response.headers['content-type'] ?? '');
    const compressed = response.headers['content-encoding'] !== undefined;
    if (!schema || !type.includes('application/json') || compressed || response.body === '') return;
    const key = `${documentMethod} ${documentPath} ${response.statusCode}`;
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(rewriteRefs(schema));
      this.compiled.set(key, validate);
    }
    if (!validate(response.json())) {
      const [error] = validate.errors ?? [];
      throw new Error(
        `OpenAPI drift: ${where} body does not match its schema at '${error?.instancePath}': ${error?.message} ${JSON.stringify(error?.params)}`,
      );
    }
  }
}

/** Local '#/components/…' refs point into the document added under the id 'openapi'. */
function rewriteRefs(schema: object): object {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
}
