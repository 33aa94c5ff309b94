// Kysely types of the product registry (migrations 0014_product_registry, 0028_after_sales,
// 0030_product_passports, 0031_maintenance_plan, 0032_product_operating_point,
// 0034_maintenance_reminder_state).
import type { ColumnType, Generated } from 'kysely';
import type {
  ClaimState,
  DocumentKind,
  PlanKind,
  ReminderKind,
  ServiceKind,
  WarrantyBasis,
} from './registry.schema.ts';

export interface ProductsTable {
  id: Generated<number>;
  serial: string;
  sku: string | null;
  title: string;
  description: string | null;
  /** FileStore id of the picture (kind product-picture). */
  picture_file_id: string | null;
  /** The customer whose order the product came from. */
  user_id: number;
  organisation_id: number | null;
  object_id: number | null;
  /** 0 in production, 1 ready. */
  status: number;
  /** The calculation the product came from (has_request). */
  request_id: number | null;
  /** The order it was sold in (has_realization). */
  order_id: number | null;
  order_item_id: number | null;
  search: string;
  /** Warranty (migration 0028): what starts it, its term, an explicit start day, the last day covered. */
  warranty_basis: WarrantyBasis | null;
  warranty_months: number | null;
  warranty_start: string | null;
  warranty_until: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductAccessTable {
  user_id: number;
  product_id: number;
  kind: 'owner' | 'grant';
  status: number;
  organisation_id: number | null;
  created_at: string;
}

export interface ProductHistoryTable {
  id: Generated<number>;
  product_id: number;
  date: string;
  title: string;
  description: string | null;
  status: number;
  created_at: string;
}

export interface ProductDocumentsTable {
  id: Generated<number>;
  product_id: number;
  kind: DocumentKind;
  name: string;
  file_id: string;
  created_at: string;
}

export interface ProductShipmentsTable {
  id: Generated<number>;
  product_id: number;
  numb: string;
  /** Calendar date YYYY-MM-DD. */
  date: string;
  created_at: string;
}

export interface ProductShipmentFilesTable {
  id: Generated<number>;
  shipment_id: number;
  name: string;
  file_id: string;
}

/** A claim about one product; its conversation is support request request_id. */
export interface ProductClaimsTable {
  id: Generated<number>;
  product_id: number;
  /** The customer who filed it. */
  user_id: number;
  request_id: number;
  description: string;
  state: ClaimState;
  created_at: string;
  updated_at: string;
}

/** One dated step of a claim's states (the first is 'submitted'). */
export interface ProductClaimStepsTable {
  id: Generated<number>;
  claim_id: number;
  state: ClaimState;
  comment: string | null;
  at: string;
}

/** One service event of a product's life, written by the back office. */
export interface ProductServiceTable {
  id: Generated<number>;
  product_id: number;
  kind: ServiceKind;
  /** Calendar date YYYY-MM-DD. */
  date: string;
  title: string;
  description: string | null;
  created_at: string;
}

/** The public passport's token of a product (migration 0030); replacing it revokes the old one. */
export interface ProductPassportsTable {
  product_id: number;
  token: string;
  created_at: string;
}

/** A stranger's contact request from a product's public passport, for the back office. */
export interface ProductContactsTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  /** A phone number or an e-mail address, as typed. */
  contact: string;
  message: string;
  /** The interface language the request was written in. */
  locale: string;
  created_at: string;
}

/** One row of a product's maintenance plan: a kind of work, its interval and next due day. */
export interface ProductMaintenanceTable {
  id: Generated<number>;
  product_id: number;
  kind: PlanKind;
  interval_months: number | null;
  /** Calendar dates YYYY-MM-DD. */
  next_due: string | null;
  last_done: string | null;
  /** The due day whose 'soon' / 'overdue' reminder this row has had (migration 0034). */
  soon_sent: ColumnType<string | null, string | null | undefined, string | null>;
  overdue_sent: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A reminder sent for a plan row's due day: unique (plan_id, due, kind). */
export interface ProductMaintenanceRemindersTable {
  id: Generated<number>;
  plan_id: number;
  due: string;
  kind: ReminderKind;
  created_at: string;
}

/** The dispatching object a product is installed at and the variables measuring it (migration 0032). */
export interface ProductScadaLinksTable {
  product_id: number;
  object_id: number;
  flow_key: string;
  flow_unit: string;
  /** The head variable, or a differential pressure one (head_unit kPa, bar or MPa). */
  head_key: string;
  head_unit: string;
  power_key: string | null;
  power_unit: string | null;
  speed_key: string | null;
  updated_at: string;
}

export interface RegistryTables {
  products: ProductsTable;
  product_access: ProductAccessTable;
  product_history: ProductHistoryTable;
  product_documents: ProductDocumentsTable;
  product_shipments: ProductShipmentsTable;
  product_shipment_files: ProductShipmentFilesTable;
  product_claims: ProductClaimsTable;
  product_claim_steps: ProductClaimStepsTable;
  product_service: ProductServiceTable;
  product_passports: ProductPassportsTable;
  product_contacts: ProductContactsTable;
  product_maintenance: ProductMaintenanceTable;
  product_maintenance_reminders: ProductMaintenanceRemindersTable;
  product_scada_links: ProductScadaLinksTable;
}
