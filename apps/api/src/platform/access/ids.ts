const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isGuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

export const ORG_ADMIN_ROLES = ['admin', 'super_admin'] as const;
