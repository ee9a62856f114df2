import type { FastifyRequest } from 'fastify';
import { staffMerchandises } from '@despensa/domain';
import type { ContentService } from '../modules/content/service';
import type { OperationsService } from '../modules/operations/service';
import { staffToken } from './staff';

/** Runs a page's render as a preview of the content's drafts. */
export type ContentPreview = <T>(render: () => Promise<T>) => Promise<T>;

/** The query a page is previewed with: `?vista-previa` and, to see a scheduled moment, `&fecha=<ISO time>`. */
export const PREVIEW_PARAM = 'vista-previa';

/**
 * A page asked for as `?vista-previa` by a content editor (administrator or merchandiser, the console's
 * session) shows every draft, at `fecha` when given; anyone else gets the page shoppers see.
 */
export function contentPreviewOf(operations: OperationsService, content: ContentService) {
  return async (request: FastifyRequest): Promise<ContentPreview | null> => {
    const query = request.query as Record<string, string | undefined>;
    if (query[PREVIEW_PARAM] === undefined) return null;
    const staff = await operations.session(staffToken(request).token);
    if (!staff || !staffMerchandises(staff.role)) return null;
    const at = query['fecha'] ? new Date(query['fecha']) : content.now();
    const moment = Number.isNaN(at.getTime()) ? content.now() : at;
    return (render) => content.previewing(moment, render);
  };
}
