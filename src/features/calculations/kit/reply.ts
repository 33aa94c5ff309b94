// The reply of every selection endpoint (pumps, stations, cabinets, heat exchangers, flow meters):
// the spec's result shape, plus one message per refused field. Named SelectionReply (it was `Answer`,
// a name the scanner's client also used for another shape; decision 0034). A refusal's body is the
// one error shape ({ message, errors }) with the spec's result fields as its documented extras. Each kind adds its own fields (duty,
// explanation, engine, ...) to the body. Type aliases, not interfaces, so that every body stays
// assignable to the saved kinds' open `{ [extra: string]: unknown }` body.

export type SelectionReplyBody = {
  type: 'success' | 'empty' | 'error' | 'warning';
  entities: unknown[];
  error: string | null;
  warning: string | null;
  errors?: Record<string, string>;
  /** On a refusal: the same text as `error`, the one error shape's field (docs/api.md). */
  message?: string;
};

export interface SelectionReply<B extends SelectionReplyBody = SelectionReplyBody> {
  status: number;
  body: B;
}
