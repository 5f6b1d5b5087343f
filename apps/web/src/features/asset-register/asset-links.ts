/** Where a registered unit's page and its printable labels are (the register's links). */
export const assetPageHref = (id: string) => `/assets/unit?id=${id}`;
export const labelsHref = (ids: string[]) => `/assets/labels?ids=${ids.join(',')}`;
