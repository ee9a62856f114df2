import type { z } from 'zod';
import {
  chatBody,
  Failure,
  replacementBody,
  replacementOptionsQuery,
  weighBody,
  type OperationsWebService,
} from '@despensa/contracts';
import type { Picking } from '../../flows/pick-order';
import type { OperationsService, Staff } from '../../modules/operations/service';
import { publicStaff } from '../staff';

/** The console's services as the web's loaders and actions call them (StorefrontServices.operations). */
export function operationsForWeb(operations: OperationsService, picking: Picking): OperationsWebService {
  const staffOf = (token: string | undefined): Promise<Staff> => operations.staffFor(token, 'picking');
  return {
    session: async (token) => {
      const staff = await operations.session(token);
      return staff && publicStaff(staff);
    },
    login: async (login, password, clientAddress) => {
      const { staff, token } = await operations.login(login, password, clientAddress);
      return { staff: publicStaff(staff), token };
    },
    logout: (token) => operations.logout(token),
    board: async (token) => picking.board(await staffOf(token)),
    order: async (token, orderId) => picking.order(await staffOf(token), orderId),
    act: async (token, orderId, action) => {
      const staff = await staffOf(token);
      switch (action.type) {
        case 'start-handling':
          return picking.start(staff, orderId);
        case 'invoice':
          return picking.invoice(staff, orderId);
        case 'hand-over':
          return picking.handOver(staff, orderId);
        case 'pick':
          return picking.pick(staff, orderId, lineIndex(action.index));
        case 'missing':
          return picking.missing(staff, orderId, lineIndex(action.index));
        case 'weigh':
          return picking.weigh(staff, orderId, lineIndex(action.index), valid(weighBody, action).grams);
        case 'propose':
          return picking.propose(staff, orderId, lineIndex(action.index), valid(replacementBody, action));
      }
    },
    replacementOptions: async (token, orderId, index, query) => {
      const staff = await staffOf(token);
      const search = replacementOptionsQuery.safeParse({ q: query });
      // A term too short to search finds nothing (the console asks for more as the picker types).
      if (!search.success) return { products: [] };
      return picking.replacementOptions(staff, orderId, lineIndex(index), search.data.q);
    },
    chat: async (token, orderId) => picking.storeChat(await staffOf(token), orderId),
    say: async (token, orderId, text) =>
      picking.storeSays(await staffOf(token), orderId, valid(chatBody, { text }).text),
  };
}

/** Form input is checked with the API's own schemas: bad input is invalidInput, never a 500. */
function valid<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new Failure('invalidInput');
  return parsed.data;
}

function lineIndex(index: number): number {
  if (!Number.isInteger(index) || index < 0) throw new Failure('lineNotFound');
  return index;
}
