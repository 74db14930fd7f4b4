/**
 * The bulk CSV column model: the canonical header resellers know from other panels, and the
 * names other tools export (ShipStation, Pirate Ship, eBay, Shopify, Excel users' own headers).
 */
export const CSV_COLUMNS = [
  'FromCountry',
  'FromName',
  'FromCompany',
  'FromPhone',
  'FromStreet1',
  'FromStreet2',
  'FromCity',
  'FromZip',
  'FromState',
  'ToCountry',
  'ToName',
  'ToCompany',
  'ToPhone',
  'ToStreet1',
  'ToStreet2',
  'ToCity',
  'ToZip',
  'ToState',
  'Length',
  'Height',
  'Width',
  'Weight',
] as const;
/**
 * Columns a file may add (decision 330): the declared value to insure each label for, and what the parcel
 * holds for its packing slip (`;` between several items in one cell, or one more row with only these).
 */
export const OPTIONAL_CSV_COLUMNS = ['InsuredValue', 'ItemSku', 'ItemTitle', 'ItemQty'] as const;
export const ITEM_CSV_COLUMNS = ['ItemSku', 'ItemTitle', 'ItemQty'] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number] | (typeof OPTIONAL_CSV_COLUMNS)[number];

/** Columns every file needs; countries default to US, dimensions are checked per row for FedEx types. */
export const REQUIRED_CSV_COLUMNS: readonly CsvColumn[] = [
  'FromName',
  'FromStreet1',
  'FromCity',
  'FromZip',
  'FromState',
  'ToName',
  'ToStreet1',
  'ToCity',
  'ToZip',
  'ToState',
  'Weight',
];

/** Header comparison key: case-insensitive, spaces, underscores, dashes and other punctuation ignored. */
export const normalizeHeader = (header: string): string =>
  header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

type AddressPart =
  'Name' | 'Company' | 'Phone' | 'Street1' | 'Street2' | 'City' | 'Zip' | 'State' | 'Country';

const PART_SYNONYMS: Record<AddressPart, string[]> = {
  Name: ['name', 'fullname', 'contact', 'contactname', 'attention', 'attn', 'personname'],
  Company: ['company', 'companyname', 'business', 'businessname', 'organization', 'organisation', 'firm'],
  Phone: ['phone', 'phonenumber', 'phoneno', 'telephone', 'tel', 'mobile', 'cellphone', 'contactphone'],
  Street1: [
    'street',
    'street1',
    'streetaddress',
    'streetaddress1',
    'streetline1',
    'address',
    'address1',
    'addressline1',
    'addr',
    'addr1',
    'line1',
  ],
  Street2: [
    'street2',
    'streetaddress2',
    'streetline2',
    'address2',
    'addressline2',
    'addr2',
    'line2',
    'apt',
    'aptsuite',
    'apartment',
    'suite',
    'unit',
  ],
  City: ['city', 'town', 'cityname', 'locality'],
  Zip: [
    'zip',
    'zipcode',
    'zip5',
    'postalcode',
    'postcode',
    'postal',
    'zippostalcode',
    'postalzip',
    'zippostal',
  ],
  State: [
    'state',
    'statecode',
    'province',
    'provincecode',
    'stateprovince',
    'stateorprovince',
    'region',
    'st',
  ],
  Country: ['country', 'countrycode', 'countryiso', 'countryname'],
};

const FROM_PREFIXES = ['from', 'sender', 'shipfrom', 'shipper', 'origin', 'return', 'returnaddress'];
const TO_PREFIXES = [
  'to',
  'ship',
  'recipient',
  'shipto',
  'shipping',
  'receiver',
  'destination',
  'consignee',
  'buyer',
  'deliverto',
  'delivery',
];

const PACKAGE_SYNONYMS: Record<'Length' | 'Height' | 'Width' | 'Weight', string[]> = {
  Length: ['length', 'len', 'lengthin', 'lengthinches', 'packagelength', 'parcellength', 'boxlength'],
  Height: ['height', 'heightin', 'heightinches', 'packageheight', 'parcelheight', 'boxheight'],
  Width: ['width', 'widthin', 'widthinches', 'packagewidth', 'parcelwidth', 'boxwidth'],
  // Unit-tagged names (Pounds, Weight (oz)) are left out on purpose: the label type decides the unit.
  Weight: ['weight', 'wt', 'packageweight', 'parcelweight', 'shipmentweight', 'totalweight'],
};

const buildAliases = (): ReadonlyMap<string, CsvColumn> => {
  const aliases = new Map<string, CsvColumn>();
  const add = (key: string, column: CsvColumn) => {
    if (!aliases.has(key)) aliases.set(key, column);
  };
  for (const [part, synonyms] of Object.entries(PART_SYNONYMS) as Array<[AddressPart, string[]]>) {
    for (const synonym of synonyms) {
      for (const prefix of FROM_PREFIXES) add(prefix + synonym, `From${part}`);
      for (const prefix of TO_PREFIXES) add(prefix + synonym, `To${part}`);
    }
  }
  // Unprefixed address names describe the recipient, as in Pirate Ship and ShipStation imports.
  for (const [part, synonyms] of Object.entries(PART_SYNONYMS) as Array<[AddressPart, string[]]>) {
    for (const synonym of synonyms) if (synonym !== 'st') add(synonym, `To${part}`);
  }
  for (const [column, synonyms] of Object.entries(PACKAGE_SYNONYMS) as Array<[CsvColumn, string[]]>) {
    for (const synonym of synonyms) add(synonym, column);
  }
  add('recipientfullname', 'ToName');
  add('buyerfullname', 'ToName');
  add('shiptofullname', 'ToName');
  add('customername', 'ToName');
  add('postalcode', 'ToZip');
  return aliases;
};

/** Normalized header name -> canonical column, for every accepted alias. */
export const CSV_HEADER_ALIASES: ReadonlyMap<string, CsvColumn> = buildAliases();

const CANONICAL = new Map<string, CsvColumn>(
  [...CSV_COLUMNS, ...OPTIONAL_CSV_COLUMNS].map((c) => [normalizeHeader(c), c]),
);

/** Resolves one header cell to its canonical column, or null when the column is not ours. */
export const resolveHeader = (header: string): { column: CsvColumn; isExact: boolean } | null => {
  const key = normalizeHeader(header);
  if (!key) return null;
  const exact = CANONICAL.get(key);
  if (exact) return { column: exact, isExact: true };
  const alias = CSV_HEADER_ALIASES.get(key);
  return alias ? { column: alias, isExact: false } : null;
};
