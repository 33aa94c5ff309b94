// What the product page links to: the support request prefilled with the product (fault report),
// and reading that prefill back on the support page (see faultPrefill below).
import type { Product } from './registry.server.ts';
import { paths } from '#lib/paths.ts';

type Tr = (key: string, params?: Record<string, string | number>) => string;

/**
 * The new support request form with the product's topic and a message naming product, serial and
 * object; `from` attaches the product page to the request (the support form's page field).
 */
export function faultReportHref(p: Product, t: Tr, address: string): string {
  const q = new URLSearchParams({
    new: '1',
    from: paths.productions.one(p.id),
    title: t('registry.fault.subject', { title: p.title, serial: p.serial }).slice(0, 200),
    message: t('registry.fault.text', {
      title: p.title,
      serial: p.serial,
      object: [p.object_name, p.object_address].filter(Boolean).join(', ') || '-',
      url: address,
    }),
  });
  return `${paths.support.reports()}?${q}`;
}

/**
 * The prefilled values for the support page's new request form: title and message from the query,
 * only when the request comes from a product page (from=/productions/<id>), bounded like the form.
 * The support page uses it as `values={outcome.create?.values ?? faultPrefill(Astro.url)}`.
 */
export function faultPrefill(url: URL): Record<string, string> | undefined {
  const q = url.searchParams;
  if (!/^\/productions\/\d{1,9}$/.test(q.get('from') ?? '')) return undefined;
  return {
    title: (q.get('title') ?? '').slice(0, 200),
    message: (q.get('message') ?? '').slice(0, 5000),
    url: q.get('from')!,
  };
}
