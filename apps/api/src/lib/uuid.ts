const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` is shaped as a UUID: an id from a path that is not one names nothing (and would make PostgreSQL throw). */
export const isUuid = (id: string) => UUID.test(id);
