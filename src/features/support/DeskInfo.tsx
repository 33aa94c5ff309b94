// Desk extras above a request's chat: the customer, the report type, and for bug reports the page
// and the browser they were sent from.
import type { T } from '#lib/i18n/translate.ts';
import type { SupportRequestInfo } from './support.types.ts';

export function DeskInfo({ request, t }: { request: SupportRequestInfo; t: T }) {
  return (
    <dl className="sp-desk-info">
      {request.customer && (
        <>
          <dt>{t('desk.customer')}</dt>
          <dd>
            {request.customer.full_name} (
            <a href={`mailto:${request.customer.email}`}>{request.customer.email}</a>)
          </dd>
        </>
      )}
      <dt>{t('desk.type')}</dt>
      <dd>{t(`types.${request.type}`)}</dd>
      {request.page_url && (
        <>
          <dt>{t('desk.pageUrl')}</dt>
          <dd className="sp-break">{request.page_url}</dd>
        </>
      )}
      {request.user_agent && (
        <>
          <dt>{t('desk.browser')}</dt>
          <dd className="sp-break">{request.user_agent}</dd>
        </>
      )}
    </dl>
  );
}
