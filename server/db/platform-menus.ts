// Menus only the platform tenant (000000) manages: their screens write rows every tenant shares
// (tenants and packages, clients, menus and scopes, system dictionaries, regions, data sources,
// reports). Other tenants' roles are never granted them.
export const PLATFORM_TENANT_ID = '000000'

export const PLATFORM_ONLY_MENUS = [
  'tenant',
  'tenant_package',
  'tenant_data_source',
  'client',
  'menu',
  'datasource',
  'dict',
  'dict_horizontal',
  'dict_vertical',
  'region',
  'data_scope',
  'api_scope',
  'report_rest',
]
