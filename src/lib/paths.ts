// Every page route of the portal in one place (issue 23): pages, redirects, notifications, the site
// map (features/chrome/menu.ts) and the guard build their links here (API paths: api-paths.ts), so a route moves in one edit
// and paths.test.ts proves each builder names a page that exists under src/pages. Pure and without
// imports: islands, client scripts and the server entry may all use it.

type Id = number | string;
type QueryValue = string | number | boolean | null | undefined;

/**
 * The path with a query string of the given parameters; empty values (undefined, null, '') are left
 * out so callers can pass optional filters as they are.
 */
export function withQuery(path: string, params: Record<string, QueryValue> = {}): string {
  const q = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') q.set(key, String(value));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

const seg = (id: Id): string => encodeURIComponent(String(id));

const DESIGN = '/e-commerce/design';
const CALCULATIONS = `${DESIGN}/calculations`;
const NEW_CALCULATION = `${DESIGN}/new-calculation`;
const BTP = `${NEW_CALCULATION}/btp`;
const PROFILE = '/user-info/profile';
const OBJECTS = '/user-info/my-objects';
const ORGANISATIONS = '/user-info/my-organisations';

export const paths = {
  root: () => '/',
  home: () => '/home',
  error: () => '/error',
  locale: () => '/locale',
  /** The compression dictionary of a signed-in user's pages (decision 0045). */
  chromeDictionary: () => '/chrome-dictionary',
  logout: () => '/logout',
  auth: {
    root: () => '/auth',
    fast: () => '/auth/fast',
    login: () => '/auth/login',
    code: () => '/auth/code',
    registration: () => '/auth/registration',
    forgotPassword: () => '/auth/forgot-password',
  },
  notifications: {
    list: () => '/notifications',
    open: (id: Id) => `/notifications/${seg(id)}/open`,
  },
  promotions: {
    list: () => '/promotions',
    one: (id: Id) => `/promotions/${seg(id)}`,
  },
  orders: {
    list: () => '/e-commerce/orders',
    archive: () => '/e-commerce/orders-archive',
    one: (id: Id) => `/e-commerce/orders/${seg(id)}/order`,
  },
  design: {
    hub: () => DESIGN,
    calculations: {
      list: () => CALCULATIONS,
      one: (id: Id) => `${CALCULATIONS}/${seg(id)}/calculation`,
      offer: (id: Id) => `${CALCULATIONS}/${seg(id)}/offer`,
      offerPdf: (id: Id) => `${CALCULATIONS}/${seg(id)}/offer.pdf`,
      resultXlsx: (id: Id) => `${CALCULATIONS}/${seg(id)}/result.xlsx`,
      datasheet: (id: Id, cid: Id) => `${CALCULATIONS}/${seg(id)}/datasheet/${seg(cid)}`,
      datasheetPdf: (id: Id, cid: Id) => `${CALCULATIONS}/${seg(id)}/datasheet/${seg(cid)}.pdf`,
    },
    newCalculation: {
      hub: () => NEW_CALCULATION,
      to: () => `${NEW_CALCULATION}/to`,
      /** One of the heat-exchanger forms: to1, to2, to3. */
      toKind: (kind: 'to1' | 'to2' | 'to3') => `${NEW_CALCULATION}/to/${kind}`,
      pump: () => `${NEW_CALCULATION}/pump`,
      station: () => `${NEW_CALCULATION}/station`,
      flowMeter: () => `${NEW_CALCULATION}/flow-meter`,
      control: () => `${NEW_CALCULATION}/control`,
      btp: {
        list: () => BTP,
        free: () => `${BTP}/free`,
        project: (id: Id) => `${BTP}/${seg(id)}/project`,
        scheme: (id: Id) => `${BTP}/${seg(id)}/scheme`,
        specification: (id: Id) => `${BTP}/${seg(id)}/specification`,
        offer: (id: Id) => `${BTP}/${seg(id)}/offer`,
        explanation: (id: Id) => `${BTP}/${seg(id)}/explanation`,
        specificationXlsx: (id: Id) => `${BTP}/${seg(id)}/specification.xlsx`,
      },
    },
  },
  productions: {
    list: () => '/productions',
    one: (id: Id) => `/productions/${seg(id)}`,
    label: (id: Id) => `/productions/${seg(id)}/label`,
    file: (id: Id, fileId: string) => `/productions/${seg(id)}/files/${seg(fileId)}`,
  },
  /** The public passport behind a product's QR label (no sign-in; the token is not the id). */
  passport: {
    one: (token: string) => `/passport/${seg(token)}`,
    document: (token: string, id: Id) => `/passport/${seg(token)}/documents/${seg(id)}`,
  },
  tools: {
    hub: () => '/tools',
    scanner: () => '/tools/scanner',
    scannerSample: () => '/tools/scanner/sample.xlsx',
    water: () => '/tools/water',
    scada: {
      list: () => '/tools/scada',
      one: (id: Id) => `/tools/scada/${seg(id)}`,
      /** Alarms of every granted object (issue 24). */
      alarms: () => '/tools/scada/alarms',
      report: (id: Id) => `/tools/scada/${seg(id)}/report.xlsx`,
    },
  },
  /** The embeddable SCADA pages (iframes of the object page). */
  scada: {
    /** Prefix of both (no page of its own). */
    prefix: () => '/scada',
    project: (id: Id) => `/scada/project/${seg(id)}`,
    chart: (id: Id) => `/scada/chart/${seg(id)}`,
  },
  userInfo: () => '/user-info',
  profile: {
    root: () => PROFILE,
    personal: () => `${PROFILE}/personal-information`,
    password: () => `${PROFILE}/change-password`,
    builder: () => `${PROFILE}/builder`,
  },
  organisations: {
    list: () => ORGANISATIONS,
    new: () => `${ORGANISATIONS}/new`,
  },
  objects: {
    list: () => OBJECTS,
    new: () => `${OBJECTS}/new`,
    map: () => `${OBJECTS}/map`,
    location: (id: Id) => `${OBJECTS}/${seg(id)}/location`,
  },
  support: {
    hub: () => '/support',
    reports: () => '/support/reports',
    /** One request's chat on the reports page. */
    report: (id: Id) => withQuery('/support/reports', { id }),
    desk: () => '/support/desk',
    file: (fileId: string) => `/support/files/${seg(fileId)}`,
  },
  files: { one: (id: string) => `/files/${seg(id)}` },
  media: { one: (id: string) => `/media/${seg(id)}` },
} as const;
