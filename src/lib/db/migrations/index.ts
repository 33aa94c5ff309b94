// The ordered list of migrations. Imported statically so the same list works in the Astro bundle,
// in the server entry and in `npm run migrate`.
import type { Migration } from 'kysely';
import * as m0001 from './0001_users_sessions.ts';
import * as m0002 from './0002_auth.ts';
import * as m0003 from './0003_organisations_objects.ts';
import * as m0004 from './0004_orders_notifications_promotions.ts';
import * as m0005 from './0005_support.ts';
import * as m0006 from './0006_orders_notifications_scale.ts';
import * as m0007 from './0007_bounded_lists.ts';
import * as m0008 from './0008_stored_files.ts';
import * as m0010 from './0010_catalogue.ts';
import * as m0012 from './0012_scada.ts';
import * as m0013 from './0013_scada_rollups.ts';
import * as m0014 from './0014_product_registry.ts';
import * as m0015 from './0015_calculations.ts';
import * as m0016 from './0016_flow_meter_reference.ts';
import * as m0017 from './0017_search_trigram.ts';
import * as m0018 from './0018_scanner.ts';
import * as m0019 from './0019_btp_projects.ts';
import * as m0020 from './0020_search_statistics.ts';
import * as m0021 from './0021_scan_choices.ts';
import * as m0022 from './0022_article_keys.ts';
import * as m0023 from './0023_ocr_keys.ts';
import * as m0024 from './0024_demo_titles.ts';
import * as m0025 from './0025_scada_alarms.ts';
import * as m0026 from './0026_scada_module_follows_grants.ts';
import * as m0027 from './0027_scada_schemes.ts';
import * as m0028 from './0028_after_sales.ts';
import * as m0029 from './0029_bounded_newer_lists.ts';
import * as m0030 from './0030_product_passports.ts';
import * as m0031 from './0031_maintenance_plan.ts';
import * as m0032 from './0032_product_operating_point.ts';
import * as m0034 from './0034_maintenance_reminder_state.ts';

export const migrations: Record<string, Migration> = {
  '0001_users_sessions': m0001,
  '0002_auth': m0002,
  '0003_organisations_objects': m0003,
  '0004_orders_notifications_promotions': m0004,
  '0005_support': m0005,
  '0006_orders_notifications_scale': m0006,
  '0007_bounded_lists': m0007,
  '0008_stored_files': m0008,
  '0010_catalogue': m0010,
  '0012_scada': m0012,
  '0013_scada_rollups': m0013,
  '0014_product_registry': m0014,
  '0015_calculations': m0015,
  '0016_flow_meter_reference': m0016,
  '0017_search_trigram': m0017,
  '0018_scanner': m0018,
  '0019_btp_projects': m0019,
  '0020_search_statistics': m0020,
  '0021_scan_choices': m0021,
  '0022_article_keys': m0022,
  '0023_ocr_keys': m0023,
  '0024_demo_titles': m0024,
  '0025_scada_alarms': m0025,
  '0026_scada_module_follows_grants': m0026,
  '0027_scada_schemes': m0027,
  '0028_after_sales': m0028,
  '0029_bounded_newer_lists': m0029,
  '0030_product_passports': m0030,
  '0031_maintenance_plan': m0031,
  '0032_product_operating_point': m0032,
  '0034_maintenance_reminder_state': m0034,
};
