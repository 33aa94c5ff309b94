// A parsed list query for tests: the same valibot schema the API uses, from query-string values.
import * as valibot from 'valibot';
import { ListQuerySchema, type ListQuery } from './reference.schema.ts';

export const v = (q: Record<string, string>): ListQuery => valibot.parse(ListQuerySchema, q);
