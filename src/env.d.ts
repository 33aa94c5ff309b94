/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The signed-in user, or null. Set by src/middleware.ts from the session cookie or a bearer token. */
    user: import('./lib/db/schema.ts').User | null;
    session: import('./lib/db/schema.ts').Session | null;
    /** The session token as presented by the client (needed to end this session only). */
    token: string | null;
    locale: import('./lib/i18n/locales.ts').Locale;
    t: import('./lib/i18n/translate.ts').T;
    /** Set by the middleware when it renders the error page for a failed request. */
    failure?: { status: number; message: string };
  }
}
