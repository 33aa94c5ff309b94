// The answer of every selection endpoint (pumps, stations, cabinets, heat exchangers, flow meters):
// the spec's result shape, plus one message per refused field. Each kind adds its own fields (duty,
// explanation, engine, ...) to the body. Type aliases, not interfaces, so that every body stays
// assignable to the saved kinds' open `{ [extra: string]: unknown }` body.

export type AnswerBody = {
  type: 'success' | 'empty' | 'error' | 'warning';
  entities: unknown[];
  error: string | null;
  warning: string | null;
  errors?: Record<string, string>;
  /** On a refusal: the same text as `error`, the one error shape's field (docs/api.md). */
  message?: string;
};

export interface Answer<B extends AnswerBody = AnswerBody> {
  status: number;
  body: B;
}
