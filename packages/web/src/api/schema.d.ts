/**
 * The server's OpenAPI document as TypeScript types (openapi-typescript). Generated: do not edit.
 * After changing a route's schema run `npm run gen:api`; a server test fails while this file is stale.
 */
export interface paths {
  '/': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/department': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a department (as create, with id); data is the id */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            id: number;
            name: string;
            parentId: number;
            phone?: string;
            sort?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a department {parentId, name, phone, sort}; data is the id */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            name: string;
            parentId: number;
            phone?: string;
            sort?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/department/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a department: never a top-level one (parent '0'), nor one with sub-departments or users */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/department/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes departments {idList} in one transaction: never a top-level one (parent '0'), nor one with sub-departments or users */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/department/departmentTreeSelect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The department tree for selects; ?depId leaves out that department and everything below it */
    get: {
      parameters: {
        query?: {
          depId?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['DepartmentNode'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/department/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Departments: the whole tree (default, or with ?name the matching departments as a flat list); with tree=false a page {records, total} by current, size, name */
    post: {
      parameters: {
        query?: {
          current?: number;
          name?: string;
          size?: number;
          tree?: 'true' | 'false';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            current?: number;
            name?: string;
            size?: number;
            /** @enum {string} */
            tree?: 'true' | 'false';
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data:
                | components['schemas']['DepartmentNode'][]
                | {
                    current: number;
                    records: components['schemas']['DepartmentNode'][];
                    size: number;
                    total: number;
                  };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictItem': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a dictionary item (as create, with id). Province-level accounts only (403 province.only). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            description?: string;
            dictType: string;
            id: number;
            /** @enum {string} */
            isDefault: 'Y' | 'N';
            label: string;
            labelEn?: string;
            /** @default 0 */
            sort?: number;
            value: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a dictionary item {dictType, label, labelEn, value, isDefault 'Y'|'N' (default N; one Y per type), sort, description}. Province-level accounts only (403 province.only). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            description?: string;
            dictType: string;
            /** @enum {string} */
            isDefault: 'Y' | 'N';
            label: string;
            labelEn?: string;
            /** @default 0 */
            sort?: number;
            value: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictItem/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a dictionary item. Province-level accounts only (403 province.only). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictItem/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes dictionary items {idList} in one transaction. Province-level accounts only (403 province.only). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictItem/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of dictionary items in order: current, size, dictType, label (contains); body or querystring */
    post: {
      parameters: {
        query?: {
          current?: number;
          dictType?: string;
          label?: string;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            current?: number;
            dictType?: string;
            label?: string;
            size?: number;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  createTime: string;
                  description: string | null;
                  dictType: string;
                  id: number;
                  isDefault: string;
                  label: string;
                  labelEn: string | null;
                  sort: number;
                  updateTime: string;
                  value: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictItem/listDictItem/{type}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Items of a dictionary type, in order: [{label, labelEn, value, isDefault, sort}]. Public reference data from memory: ETag (304 on If-None-Match), Cache-Control public, max-age=60 */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          type: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                /** @enum {string} */
                isDefault: 'Y' | 'N';
                label: string;
                labelEn: string | null;
                sort: number;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictType': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a dictionary type (as create, with id; its items follow a new type). Province-level accounts only (403 province.only). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            description?: string;
            id: number;
            /** @enum {string} */
            isSystem: '0' | '1';
            name: string;
            type: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a dictionary type {name, type (unique), isSystem '0'|'1', description}; data is the id. Province-level accounts only (403 province.only). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            description?: string;
            /** @enum {string} */
            isSystem: '0' | '1';
            name: string;
            type: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictType/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a dictionary type with its items; a system one (isSystem '1') is refused. Province-level accounts only (403 province.only). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictType/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes dictionary types {idList} with their items in one transaction; system ones (isSystem '1') are refused. Province-level accounts only (403 province.only). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/dictType/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of dictionary types: current, size, name, type (contain), isSystem; body or querystring */
    post: {
      parameters: {
        query?: {
          current?: number;
          isSystem?: string;
          name?: string;
          size?: number;
          type?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            current?: number;
            isSystem?: string;
            name?: string;
            size?: number;
            type?: string;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  createTime: string;
                  description: string | null;
                  id: number;
                  isSystem: string;
                  name: string;
                  type: string;
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/errorLog': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Upload browser errors [{type, message, stack, info, url, time}] (≤ 100); answers {count}. 413 for an entry over 16 KB; 429 past 200 entries or 512 KB per session. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @default  */
            info?: string;
            message: string;
            /** @default  */
            stack?: string;
            /** @default  */
            time?: string;
            type: string;
            /** @default  */
            url?: string;
          }[];
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/menu': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Menus for the menu screen: the whole tree (menus and buttons); ?isSelect=true gives only menus (type 0) for the parent select, under a virtual root id 0; ?parentId gives the flat children of that menu */
    get: {
      parameters: {
        query?: {
          isSelect?: '0' | '1' | 'true' | 'false';
          parentId?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data:
                | components['schemas']['MenuItem'][]
                | {
                    children: components['schemas']['MenuItem'][];
                    /** @enum {number} */
                    id: 0;
                    name: string;
                    nameEn: string;
                    /** @enum {number} */
                    pid: -1;
                  }[];
              msg: string;
            };
          };
        };
      };
    };
    /** Updates a menu or button (as create, with id); data is the id. A changed permission must be a declared key (400) the caller holds (403); 404 when unknown. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            group?: string;
            icon?: string;
            id: number;
            /** @enum {string} */
            keepAlive?: '0' | '1';
            name: string;
            nameEn?: string;
            path?: string;
            permission?: string;
            pid: number;
            query?: string;
            sort?: number;
            /** @enum {string} */
            type: '0' | '1';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a menu (type '0': path and keepAlive required) or a button (type '1': permission required); data is the id. The permission must be a declared key (never '*'; else 400 on permission) that the caller holds (else 403). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            group?: string;
            icon?: string;
            /** @enum {string} */
            keepAlive?: '0' | '1';
            name: string;
            nameEn?: string;
            path?: string;
            permission?: string;
            pid: number;
            query?: string;
            sort?: number;
            /** @enum {string} */
            type: '0' | '1';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/menu/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a menu or button without children (else 400); roles lose it */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/menu/cache': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Clears the menu cache: every node drops the administrators' sessions, roles and permissions it keeps in memory (they are trusted for two seconds at most, and menu, role and user edits through the API drop them at once), so a change written straight into the database applies from the next request too. data null. */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/menu/tree': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The whole menu tree, menus and buttons, in display order */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['MenuItem'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/menu/updateOrder/{a}/{b}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Swaps the display order of two sibling menus a and b (one transaction) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          a: number;
          b: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a role {id, name, code, comments}; data is the id. Only a holder of all rights changes the admin role or a role the caller holds (else 403). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            comments?: string;
            id: number;
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a role {name, code (unique), comments}; data is the id */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            comments?: string;
            name: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a role (never the 'admin' role: 400; nor a role the caller holds: 403) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role/authTree/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The authorisation tree of a role: {tree: every menu and button, checkedKeys: the menu ids it holds} */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                checkedKeys: number[];
                tree: components['schemas']['MenuItem'][];
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes roles {idList} in one transaction (never the 'admin' role: 400; never a role the caller holds, unless it holds all rights: 403) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of roles: current, size, name, code (contain), in the body or the querystring */
    post: {
      parameters: {
        query?: {
          code?: string;
          current?: number;
          name?: string;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code?: string;
            current?: number;
            name?: string;
            size?: number;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  code: string;
                  comments: string | null;
                  createTime: string;
                  id: number;
                  name: string;
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role/listAllRole': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every role [{id, name, code, comments}] for selects */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                code: string;
                comments: string | null;
                createTime: string;
                id: number;
                name: string;
                updateTime: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/role/updateRoleAuth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replaces a role's menus and buttons {roleId, menuIds} in one transaction; holders get the new permissions on their next call. 403 for the admin role or a role the caller holds, and when an added menu or button carries a key the caller does not hold (only a holder of all rights is exempt); 404 for an unknown role or menu. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            menuIds?: number[];
            roleId: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/websiteConfig': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Saves the website setting (name and enName required); data is the saved setting */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            copyright?: string;
            enName: string;
            indexPic?: string;
            logo?: string;
            name: string;
            /**
             * @default 1
             * @enum {string}
             */
            showCopyright?: '0' | '1';
            /**
             * @default 1
             * @enum {string}
             */
            showLogo?: '0' | '1';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                copyright: string | null;
                customerServicePhone?: string | null;
                enName: string;
                indexPic: string | null;
                logo: string | null;
                name: string;
                /** @enum {string} */
                showCopyright: '0' | '1';
                /** @enum {string} */
                showLogo: '0' | '1';
              };
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/admin/websiteConfig/getWebsiteConfig': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The website setting {name, enName, logo, indexPic, showCopyright, showLogo, copyright}, plus the open plan's customerServicePhone (null without one) for the login page */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                copyright: string | null;
                customerServicePhone?: string | null;
                enName: string;
                indexPic: string | null;
                logo: string | null;
                name: string;
                /** @enum {string} */
                showCopyright: '0' | '1';
                /** @enum {string} */
                showLogo: '0' | '1';
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admissionResults/getAdmissionResultsByPlanId/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate’s own result in the plan (CandidateResult, physical exam in clear); 400 result.window.notOpen {start} before scoreQueryStartTime; 404 result.none without one; 410 retention.purged once the plan’s personal data was purged */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                admissionAcademicSession: string | null;
                admissionCounty: string | null;
                admissionCountyCode: string | null;
                admissionNumber: string | null;
                admissionStatus: string;
                admissionSubject: string | null;
                examTotalScore: string | null;
                idCard: string;
                interviewScore: string | null;
                name: string;
                officeSchool: string | null;
                physicalExamination: string | null;
                planId: number;
                remarks: string | null;
                writeExamScore: string | null;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admissionTicket/downloadTicketFile/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The ticket PDF (A4) by a download token from downloadToken (rendered first when not generated); a candidate download adds 1 to ticketFileDownloadNum. 400 error.downloadToken. */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admissionTicket/downloadToken/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A single-use link (5 min) to the own distributed ticket PDF inside the print window: {url}. 400 ticket.window.notOpen {start} / ticket.window.closed {end}; 404 ticket.none. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admissionTicket/getAdmissionTicketByPlanId/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate's own distributed ticket of the plan (CandidateTicket; ticketFileUrl = /api/admissionTicket/downloadToken/{id}). 400 ticket.window.notOpen {start} / ticket.window.closed {end} outside the print window; 404 ticket.none */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                academicSession: string;
                admissionNumber: string;
                card: string;
                enrollCounty: string;
                examAddress: string;
                examDate: string;
                examinationRoomNotice: string;
                examPlace: string;
                examRoomNumber: string;
                examTime: string;
                id: number;
                name: string;
                phone: string;
                planId: number;
                seatNumber: string;
                subject: string;
                ticketFileDownloadNum: number;
                ticketFileUrl: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/apply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit the own application while the enrolment window is open (multipart as POST; the photo is optional) */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    /** Apply (multipart: the form fields of enrollApplySchema + photo updateImg, JPEG/PNG ≤ 2 MB). 409 when already applied; 400 outside the enrolment window */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/apply/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The apply-info flag: '1' when the candidate has applied to the plan, else '0' */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string} */
              data: '0' | '1';
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/getInfo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate of the session: {id, userName, realName, idCard, gender, birthday, telephone} */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                birthday: string;
                gender: string;
                id: number;
                idCard: string;
                realName: string;
                telephone: string;
                userName: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Candidate login (encrypted {userName (or phone), password, captcha, uuid}); data is the token for User-Authorization; 400 with data.captchaRequired after two failures, 429 when locked or rate-limited */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            captcha?: string;
            password: string;
            userName: string;
            uuid?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Revokes the candidate session */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/checkCanSend/{telephone}/{purpose}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether a code of the purpose may be sent to the phone now: {canSend, waitSeconds, reason}; reason telephoneTaken (register, editUserInfo), dailyCap or tooFrequent; msg says it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          purpose: 'register' | 'forgetPassword' | 'forgetUserName' | 'editUserInfo';
          telephone: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                canSend: boolean;
                /** @enum {string|null} */
                reason: 'telephoneTaken' | 'tooFrequent' | 'dailyCap' | null;
                waitSeconds: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/checkTelephone/{phone}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** data: true when the phone is free to register, false when it is taken */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          phone: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: boolean;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/editPassword': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Changes the password (encrypted {oldPsw, newPsw}); every session of the candidate ends */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            newPsw: string;
            oldPsw: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/editUserInfo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Edits real name and phone (encrypted {realName, telephone, code}); a new phone needs its getEditCode code; data is the updated info */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code?: string;
            realName: string;
            telephone: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/enroll/downloadEnrollFile/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The enrolment form PDF (A4) by a download token from downloadToken; counts the download */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/enroll/downloadToken/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A single-use link (5 min) to the own enrolment form PDF: {url} */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/enroll/getEnrollByPlanId/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate's own enrolment in a plan (Enroll + pictureUrl: the photo's own address, GET with the candidate token), or null */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                academicSession: string;
                address: string;
                auditorId: number | null;
                auditReason: string | null;
                auditStatus: string;
                auditTime: string | null;
                birthday: string;
                candidateId: number;
                cityCode: string;
                countyCode: string;
                createStatus: string;
                createTime: string;
                domicile: string;
                education: string;
                enrollCounty: string;
                freshmen: string;
                gender: string;
                graduateCollege: string;
                graduationDate: string;
                id: number;
                idCard: string;
                isAdjust: string;
                isDownload: string;
                isNormal: string;
                major: string;
                maritalStatus: string;
                name: string;
                nation: string;
                pdfDownloadNum: number;
                phone: string;
                picture: string | null;
                pictureUrl: string | null;
                planId: number;
                planName: string;
                planType: string;
                planYear: string;
                politicalAffiliation: string;
                priorityCondition: string;
                priorityContent: string | null;
                provinceCode: string;
                serialNo: string | null;
                subject: string;
                teacherCertification: string;
                teacherCertificationSubject: string | null;
                teacherCertificationType: string | null;
                updateTime: string;
                version: number;
                veteran: string;
              } | null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/enroll/listMyEnroll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate's own applications across plans, newest plan first: [{plan (timeline, status, purged), enrollId, serialNo, auditStatus, auditReason, ticket (only inside the plan's print window), result {admissionStatus, officeSchool} (from its score-query start)}] */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                auditReason: string | null;
                auditStatus: string;
                enrollId: number;
                plan: {
                  auditEndTime: string;
                  auditStartTime: string;
                  customerServicePhone: string | null;
                  endTime: string;
                  enrollEndTime: string;
                  enrollStartTime: string;
                  examEndTime: string;
                  examStartTime: string;
                  id: number;
                  interviewEndTime: string;
                  interviewStartTime: string;
                  listPublishedEndTime: string;
                  listPublishedStartTime: string;
                  name: string;
                  physicalExamEndTime: string;
                  physicalExamStartTime: string;
                  purged: boolean;
                  scoreQueryEndTime: string;
                  scoreQueryStartTime: string;
                  startTime: string;
                  /** @enum {string} */
                  status: '0' | '1' | '2';
                  ticketPrintEndTime: string;
                  ticketPrintStartTime: string;
                  year: string;
                };
                result: {
                  admissionStatus: string;
                  officeSchool: string | null;
                } | null;
                serialNo: string | null;
                /** @enum {string|null} */
                ticket: '0' | '1' | null;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/enroll/photo/{id}/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate's own enrolment photo (JPEG) at the pictureUrl of getEnrollByPlanId: {id}/{version}.jpg; 404 for another candidate's enrolment or an old version. Cache-Control private, a year, immutable */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          file: string;
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/FNCode': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sends a user-name recovery code; an unregistered phone gets the same answer and no SMS (no enumeration) */
    get: {
      parameters: {
        query: {
          telephone: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/forgetPassword': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Resets the password with an FPCode code (encrypted {telephone, code, password}); clears the lockout and ends every session; a code that meets no account is used up */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            password: string;
            telephone: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/forgetUserName': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Recovers the user name with an FNCode code (encrypted {telephone, code}); data {userName}; a code that meets no account is used up */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            telephone: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/FPCode': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sends a password-reset code; an unregistered phone gets the same answer and no SMS (no enumeration) */
    get: {
      parameters: {
        query: {
          telephone: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/getEditCode': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sends the code that confirms a new phone number (editUserInfo) to that new phone */
    get: {
      parameters: {
        query: {
          telephone: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/getVerificationCode': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sends a registration code to the phone; 409 when the phone is already registered */
    get: {
      parameters: {
        query: {
          telephone: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/instruction/getEnrollNotice/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plan's enrolment notice {context: sanitised HTML}; 404 when the plan has none */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                context: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/notice/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The candidate’s own notices across her plans, newest first: [{key, kind (rejected, passed, ticketReady, resultsOpen), planId, planName, time, reason (a rejection’s), deadline}] */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                deadline: string | null;
                key: string;
                /** @enum {string} */
                kind: 'rejected' | 'passed' | 'ticketReady' | 'resultsOpen';
                planId: number;
                planName: string;
                reason: string | null;
                time: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recruitPlan/checkCanCandidate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Check-candidate response (spec §3): {canCandidate, planId, message, limitBirth, birthLimits, plan}; message says when enrolment opens or that it ended. planId/plan are the open plan whenever one is open, whether or not the candidate applied to it; with none open, the latest closed plan the candidate applied to, else null. Earlier plans: GET /api/enroll/listMyEnroll */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                birthLimits: {
                  [key: string]: string;
                };
                canCandidate: boolean;
                limitBirth: string | null;
                message: string;
                plan: {
                  auditEndTime: string;
                  auditStartTime: string;
                  customerServicePhone: string | null;
                  endTime: string;
                  enrollEndTime: string;
                  enrollStartTime: string;
                  examEndTime: string;
                  examStartTime: string;
                  id: number;
                  interviewEndTime: string;
                  interviewStartTime: string;
                  listPublishedEndTime: string;
                  listPublishedStartTime: string;
                  name: string;
                  physicalExamEndTime: string;
                  physicalExamStartTime: string;
                  scoreQueryEndTime: string;
                  scoreQueryStartTime: string;
                  serviceCenter: string | null;
                  startTime: string;
                  ticketPrintEndTime: string;
                  ticketPrintStartTime: string;
                  year: string;
                } | null;
                planId: number | null;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recruitPlanData/getCategoryByEducation/{education}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Plan categories open to an education level, with demand. From memory, with ETag */
    get: {
      parameters: {
        query: {
          planId: number;
        };
        header?: never;
        path: {
          education: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                labelEn: string | null;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recruitPlanData/getRecruitPlanDataByPlanId/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Live demand rows of a plan (status 1, demandNumber > 0). From memory, with ETag */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                category: string;
                cityCode: string;
                countyCode: string;
                demandNumber: number;
                learningPeriod: string;
                subject: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recruitPlanData/getRecruitPlanDataLearningPeriodByRegion': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Learning periods with demand in a county and category. From memory, with ETag */
    get: {
      parameters: {
        query: {
          category: string;
          countyCode: string;
          planId: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                labelEn: string | null;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recruitPlanData/getRecruitPlanDataRegionByCategory': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** City → county tree with demand in a category. From memory, with ETag */
    get: {
      parameters: {
        query: {
          category: string;
          planId: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['DemandRegion'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/recruitPlanData/getRecruitPlanDataSubjectByLearningPeriod': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Subjects with demand, with demandNumber, and enrolled against demand (counts up to RATIO_CACHE_SECONDS old) */
    get: {
      parameters: {
        query: {
          category: string;
          countyCode: string;
          learningPeriod: string;
          planId: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                demand: number;
                demandNumber: number;
                enrolled: number;
                label: string;
                labelEn: string | null;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Registers a candidate (encrypted {userName, password, realName, idCard, telephone, code}); 409 on a taken user name, ID number or phone (a taken ID number or phone uses up the code) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            idCard: string;
            password: string;
            realName: string;
            telephone: string;
            userName: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/getCaptcha': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Image captcha {enabled, uuid, img}; force=true gives one even when captchas are off (after two failed logins) */
    get: {
      parameters: {
        query?: {
          force?: 'true' | 'false';
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                enabled: boolean;
                img: string;
                uuid: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/getInfo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The session: {user, roles, permissions} */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                permissions: string[];
                roles: string[];
                user: {
                  avatar: string | null;
                  cityCode: string | null;
                  countyCode: string | null;
                  createTime: string;
                  departmentId: number | null;
                  id: number;
                  nickName: string;
                  phone: string | null;
                  provinceCode: string | null;
                  sex: string | null;
                  state: string;
                  supervision: boolean;
                  updateTime: string;
                  userId: number;
                  userName: string;
                };
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/getMenu': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's menu tree (menus and buttons it holds) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['MenuItem'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/lock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Locks the session (spec §4 Lock; encrypted {password?}): the first lock sets the lock password (required) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            password?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/lockState': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The lock state of the session: {locked, hasPassword} */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                hasPassword: boolean;
                locked: boolean;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Back-office login (encrypted {userName, password, captcha, uuid}); data is the token; 400 with data.captchaRequired after two failures, 429 when locked or rate-limited */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            captcha?: string;
            password: string;
            userName: string;
            uuid?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Revokes the session */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/publicKey': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public key for encrypted calls {alg, suite, keyId, publicKey} (CRYPTO_SUITE): suite "standard" ECDH-ES P-256 (base64 SPKI DER) + HKDF-SHA-256 + AES-256-GCM, or "gm" SM2 (base64 of the 65-byte point 04‖x‖y) + SM4-CBC + HMAC-SM3 (packages/domain crypto.ts) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                alg: string;
                keyId: string;
                publicKey: string;
                /** @enum {string} */
                suite: 'standard' | 'gm';
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/auth/unlock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Unlocks the session with the lock password (encrypted {password}); five wrong attempts end the session (401) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            password: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One result (AdmissionResultDetail: basic group from the enrolment, admission group from the result) in the caller’s region, 404 result.notFound outside; physical exam in clear only with candidate:admissionResults:physicalExam (physicalExaminationVisible true; the view is written to the operation log), else "***" or null */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                academicSession: string;
                address: string;
                admissionAcademicSession: string | null;
                admissionCounty: string | null;
                admissionCountyCode: string | null;
                admissionNumber: string | null;
                admissionStatus: string;
                admissionSubject: string | null;
                birthday: string;
                cityCode: string;
                countyCode: string;
                createTime: string;
                education: string;
                enrollCounty: string;
                enrollId: number;
                examTotalScore: string | null;
                freshmen: string;
                gender: string;
                graduateCollege: string;
                id: number;
                idCard: string;
                interviewScore: string | null;
                isNormal: string;
                major: string;
                name: string;
                nation: string;
                officeSchool: string | null;
                phone: string;
                physicalExamination: string | null;
                physicalExaminationVisible: boolean;
                planId: number;
                planName: string;
                planYear: string;
                politicalAffiliation: string;
                preJobTraining: string | null;
                region: string;
                remarks: string | null;
                reviewResult: string | null;
                subject: string;
                teacherCertification: string;
                teacherCertificationType: string | null;
                updateTime: string;
                writeExamScore: string | null;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete one result in the caller’s region (404 result.notFound outside) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/checkImport/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress and outcome of an import job (ImportJobView) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                createTime: string;
                errorCount: number;
                fileName: string;
                finishTime: string | null;
                id: number;
                imported: number;
                kind: string;
                message: string | null;
                percent: number;
                processed: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete results {idList} (all in the caller’s region, or none: 404 result.notFound) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/downLoadExcelTemplate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The import template (xlsx) in the caller’s language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/downLoadPlanTemplate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The results import template (xlsx, caller’s language) prefilled with plan planId’s ticket holders in the caller’s region: 身份证号, 姓名, 准考证号 filled, one row per ticket, no example row; 400 import.planRequired for an unknown plan */
    get: {
      parameters: {
        query: {
          planId: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The results of the token’s filters in the holder’s region as xlsx (list columns and the admission group; physical exam "***"), streamed; 400 for a used or expired token, 403 without the export right */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/exportToken': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A single-use link (5 min) to the xlsx export of the current filters: {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            admissionAcademicSession?: string;
            admissionNumber?: string;
            admissionStatus?: string;
            admissionSubject?: string;
            cityCode?: string;
            countyCode?: string;
            idCard?: string;
            name?: string;
            planId?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/getAdmissionPass': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Pass / fail options [{value, label}] of the review result and the pre-job training (1 passed, 0 failed) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/getAdmissionStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Admission status options [{value, label}] in the caller’s language (0 not admitted, 1 admitted, 2 pending) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/importExcel/{param}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Uploads an xlsx (multipart file) and queues its import; data {id} for checkImport/{id} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          param: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of admission results in the caller’s region: {records: AdmissionResultRow[], total, current, size}; physicalExamination is "***" or null; filters planId, name, idCard, admissionNumber, cityCode, countyCode, admissionAcademicSession, admissionSubject, admissionStatus */
    get: {
      parameters: {
        query?: {
          admissionAcademicSession?: string;
          admissionNumber?: string;
          admissionStatus?: string;
          admissionSubject?: string;
          cityCode?: string;
          countyCode?: string;
          current?: number;
          idCard?: string;
          name?: string;
          planId?: number;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  admissionAcademicSession: string | null;
                  admissionNumber: string | null;
                  admissionStatus: string;
                  admissionSubject: string | null;
                  cityCode: string;
                  countyCode: string;
                  createTime: string;
                  enrollId: number;
                  examTotalScore: string | null;
                  id: number;
                  idCard: string;
                  name: string;
                  physicalExamination: string | null;
                  planId: number;
                  planName: string;
                  planYear: string;
                  region: string;
                  remarks: string | null;
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionResults/pageImportError': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Row problems of an import job: page of {rowNumber, column, value, message} */
    get: {
      parameters: {
        query: {
          current?: number;
          id: number;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  column: string | null;
                  id: number;
                  message: string;
                  rowNumber: number;
                  value: string | null;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit the exam fields of a ticket (encrypted admissionTicketUpdateSchema) → AdmissionTicket with ticketCreateStatus 0 (PDF stale). 404 outside the region; 409 naming a taken admission number or seat */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            admissionNumber: string;
            examAddress: string;
            examDate: string;
            examinationRoomNotice: string;
            examPlace: string;
            examRoomNumber: string;
            examTime: string;
            id: number;
            seatNumber: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    /** Add a ticket (encrypted admissionTicketCreateSchema) → AdmissionTicket. 404 enrolment outside the region; 409 ticket.notPassed (audit not passed), ticket.exists, ticket.admissionNumber.exists / ticket.seat.exists (data.errors names the field) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            admissionNumber: string;
            enrollId: number;
            examAddress: string;
            examDate: string;
            examinationRoomNotice: string;
            examPlace: string;
            examRoomNumber: string;
            examTime: string;
            seatNumber: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One ticket (AdmissionTicket) in the caller’s region; 404 ticket.notFound outside it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                academicSession: string;
                admissionNumber: string;
                countyCode: string;
                createTime: string;
                enrollCounty: string;
                enrollId: number;
                examAddress: string;
                examDate: string;
                examinationRoomNotice: string;
                examPlace: string;
                examRoomNumber: string;
                examTime: string;
                id: number;
                idCard: string;
                isDownload: string;
                name: string;
                phone: string;
                planId: number;
                planName: string;
                planYear: string;
                seatNumber: string;
                status: string;
                subject: string;
                ticketCreateStatus: string;
                ticketFileDownloadNum: number;
                updateTime: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete one ticket; 404 outside the region, 409 ticket.distributed when distributed */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/arrange': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Room and seat arrangement written in one transaction (distributed tickets kept as they are, settings stored): ArrangementResult (saved true). Province-level accounts only (403 province.only / province.other): the settings hold every county’s sites. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            examDate: string;
            examinationRoomNotice: string;
            examTime: string;
            planId: number;
            /** @default 30 */
            roomSize?: number;
            sites: {
              address: string;
              code: string;
              name: string;
              regionCode: string;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                applicants: number;
                arranged: number;
                kept: number;
                planId: number;
                rooms: {
                  academicSession: string;
                  kept: number;
                  roomNumber: string;
                  seats: number;
                  siteCode: string;
                  siteName: string;
                  subject: string;
                }[];
                saved: boolean;
                unassigned: {
                  enrollCounty: string;
                  enrollId: number;
                  idCard: string;
                  name: string;
                }[];
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/arrange/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The last saved arrangement settings of the plan (ArrangementInput) or null. Province-level accounts only (403 province.only / province.other): the settings hold every county’s sites. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                examDate: string;
                examinationRoomNotice: string;
                examTime: string;
                planId: number;
                roomSize: number;
                sites: {
                  address: string;
                  code: string;
                  name: string;
                  regionCode: string;
                }[];
              } | null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/arrange/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Room and seat arrangement of the plan’s audit-passed applicants in the caller’s region, computed without writing: ArrangementResult (saved false). 404 unknown plan. Province-level accounts only (403 province.only / province.other): the settings hold every county’s sites. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            examDate: string;
            examinationRoomNotice: string;
            examTime: string;
            planId: number;
            /** @default 30 */
            roomSize?: number;
            sites: {
              address: string;
              code: string;
              name: string;
              regionCode: string;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                applicants: number;
                arranged: number;
                kept: number;
                planId: number;
                rooms: {
                  academicSession: string;
                  kept: number;
                  roomNumber: string;
                  seats: number;
                  siteCode: string;
                  siteName: string;
                  subject: string;
                }[];
                saved: boolean;
                unassigned: {
                  enrollCounty: string;
                  enrollId: number;
                  idCard: string;
                  name: string;
                }[];
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/batchCancelDistributed/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel the distribution of every ticket of plan {planId} in the caller’s region; answers {count} of tickets changed */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/batchDistributed/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Distribute every ticket of plan {planId} in the caller’s region; answers {count} of tickets changed */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/cancelDistributed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Cancel the distribution of tickets {idList} in the region; answers {count} of tickets changed (others of the list left alone) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/checkImport/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress and outcome of an import job (ImportJobView) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                createTime: string;
                errorCount: number;
                fileName: string;
                finishTime: string | null;
                id: number;
                imported: number;
                kind: string;
                message: string | null;
                percent: number;
                processed: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete tickets {idList}: all or none; 404 when one is missing or outside the region, 409 ticket.distributed when one is distributed */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/distributed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Distribute tickets {idList} in the caller’s region; answers {count} of tickets changed (others of the list left alone) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/downloadToken/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A single-use link (5 min) to preview a ticket PDF inside the caller’s region: {url}; not counted as a candidate download. 404 ticket.none. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The tickets of the token’s filters in the holder’s region as xlsx (statuses as labels), streamed */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/exportToken': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A single-use link (5 min) to the xlsx export of the current filters: {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            academicSession?: string;
            admissionNumber?: string;
            cityCode?: string;
            countyCode?: string;
            examRoomNumber?: string;
            idCard?: string;
            isDownload?: string;
            name?: string;
            phone?: string;
            planId?: number;
            status?: string;
            subject?: string;
            ticketCreateStatus?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/generateAdmissionTicket': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queue the PDF generation (encrypted {planId?, idList?, regenerate?}) of the tickets of idList, or of the plan (not generated ones unless regenerate), inside the caller’s region: {jobId, total}. Follow it with generateJob/{jobId}. 400 names the field (idList or planId required). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList?: number[];
            planId?: number;
            regenerate?: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/generateJob/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress of a generate job: {status (0 queued, 1 running, 2 done, 4 failed), total, done, failed, percent 0–100, message}. 404 for another region’s job. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          jobId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                done: number;
                failed: number;
                message: string;
                percent: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/getAdmissionTicketStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Ticket status options [{value: '0' not distributed | '1' distributed, label}] */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/importExcel/{param}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Uploads an xlsx (multipart file) and queues its import; data {id} for checkImport/{id} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          param: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of tickets in the caller’s region: {records: AdmissionTicket[], total, current, size}; filters planId, name, idCard, phone, cityCode, countyCode, academicSession, subject, admissionNumber, examRoomNumber, status, ticketCreateStatus, isDownload */
    get: {
      parameters: {
        query?: {
          academicSession?: string;
          admissionNumber?: string;
          cityCode?: string;
          countyCode?: string;
          current?: number;
          examRoomNumber?: string;
          idCard?: string;
          isDownload?: string;
          name?: string;
          phone?: string;
          planId?: number;
          size?: number;
          status?: string;
          subject?: string;
          ticketCreateStatus?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  academicSession: string;
                  admissionNumber: string;
                  countyCode: string;
                  createTime: string;
                  enrollCounty: string;
                  enrollId: number;
                  examAddress: string;
                  examDate: string;
                  examinationRoomNotice: string;
                  examPlace: string;
                  examRoomNumber: string;
                  examTime: string;
                  id: number;
                  idCard: string;
                  isDownload: string;
                  name: string;
                  phone: string;
                  planId: number;
                  planName: string;
                  planYear: string;
                  seatNumber: string;
                  status: string;
                  subject: string;
                  ticketCreateStatus: string;
                  ticketFileDownloadNum: number;
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/pageImportError': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Row problems of an import job: page of {rowNumber, column, value, message} */
    get: {
      parameters: {
        query: {
          current?: number;
          id: number;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  column: string | null;
                  id: number;
                  message: string;
                  rowNumber: number;
                  value: string | null;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/template': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The import template (xlsx) in the caller’s language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/admissionTicket/ticketless': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** For the add form: up to 20 audit-passed enrolments of planId in the caller’s region without a ticket, by ID number (idCard: a prefix) → [{id, name, idCard, enrollCounty, academicSession, subject}] */
    get: {
      parameters: {
        query: {
          idCard?: string;
          planId: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                academicSession: string;
                enrollCounty: string;
                id: number;
                idCard: string;
                name: string;
                subject: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/candidateUser/getUserState': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Candidate state options [{value, label}]: 0 active, 1 disabled, in the caller's language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/candidateUser/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of candidates inside the caller’s scope: current, size, realName (contains), idCard (contains), telephone (prefix), state; ID numbers masked; newest first */
    get: {
      parameters: {
        query?: {
          current?: number;
          idCard?: string;
          realName?: string;
          size?: number;
          state?: '0' | '1';
          telephone?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  birthday: string;
                  createTime: string;
                  gender: string;
                  id: number;
                  idCard: string;
                  realName: string;
                  regions: {
                    cityCode: string;
                    countyCode: string;
                    enrollCounty: string;
                  }[];
                  state: string;
                  stateReason: string | null;
                  telephone: string;
                  userName: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/candidateUser/updateState/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sets the state {state: 0|1, reason}: disabling needs a reason (≤ 200) and ends the candidate’s sessions; enabling clears the reason. 404 outside the scope */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            reason?: string;
            /** @enum {string} */
            state: '0' | '1';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Edit an enrolment (encrypted {id, phone}): the list is read-only except the phone */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            id: number;
            phone: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One enrolment in the caller’s region (Enroll + pictureUrl: the photo’s own address, /candidate/enroll/photo/{id}/{version}.jpg, GET with the admin token; null when none); 404 outside it */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                academicSession: string;
                address: string;
                auditorId: number | null;
                auditReason: string | null;
                auditStatus: string;
                auditTime: string | null;
                birthday: string;
                candidateId: number;
                cityCode: string;
                countyCode: string;
                createStatus: string;
                createTime: string;
                domicile: string;
                education: string;
                enrollCounty: string;
                freshmen: string;
                gender: string;
                graduateCollege: string;
                graduationDate: string;
                id: number;
                idCard: string;
                isAdjust: string;
                isDownload: string;
                isNormal: string;
                major: string;
                maritalStatus: string;
                name: string;
                nation: string;
                pdfDownloadNum: number;
                phone: string;
                picture: string | null;
                pictureUrl: string | null;
                planId: number;
                planName: string;
                planType: string;
                planYear: string;
                politicalAffiliation: string;
                priorityCondition: string;
                priorityContent: string | null;
                provinceCode: string;
                serialNo: string | null;
                subject: string;
                teacherCertification: string;
                teacherCertificationSubject: string | null;
                teacherCertificationType: string | null;
                updateTime: string;
                version: number;
                veteran: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Delete one enrolment and its files */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Audit enrolments {idList, versions (the version read of each), auditStatus '1'|'2', auditReason (required when '2', ≤200)} in the caller’s region, all or none: {count}; 409 naming the records changed since read */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            auditReason?: string;
            /** @enum {string} */
            auditStatus: '1' | '2';
            idList: number[];
            versions: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/audit/undo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Take back the caller’s own pass {id, version (as the pass left it)} within 60 s when nothing changed since: {version}; 409 otherwise */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            id: number;
            version: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                version: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/auditHistory/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit history of an enrolment, newest first: [{time, reviewer, decision, reason}] */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                decision: string;
                reason: string | null;
                reviewer: string | null;
                time: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Delete enrolments {idList} (all in the caller’s region, or none) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The enrolments of the token’s filters in the holder’s region as xlsx, streamed */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/exportToken': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A single-use link (5 min) to the xlsx export of the current filters: {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            academicSession?: string;
            auditStatus?: string;
            cityCode?: string;
            countyCode?: string;
            createStatus?: string;
            idCard?: string;
            isDownload?: string;
            name?: string;
            phone?: string;
            planId?: number;
            serialNo?: string;
            subject?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/generateApply': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Regenerate enrolment form PDFs (encrypted {idList}, at most 200); answers {count} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/getAuditStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Audit status options [{value, label}] (status.audit.*) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/getEnrollCreateStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Form generation status options [{value, label}] */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of enrolments in the caller’s region: {records: Enroll[], total, current, size}; filters of spec §2 */
    get: {
      parameters: {
        query?: {
          academicSession?: string;
          auditStatus?: string;
          cityCode?: string;
          countyCode?: string;
          createStatus?: string;
          current?: number;
          idCard?: string;
          isDownload?: string;
          name?: string;
          phone?: string;
          planId?: number;
          serialNo?: string;
          size?: number;
          subject?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  academicSession: string;
                  address: string;
                  auditorId: number | null;
                  auditReason: string | null;
                  auditStatus: string;
                  auditTime: string | null;
                  birthday: string;
                  candidateId: number;
                  cityCode: string;
                  countyCode: string;
                  createStatus: string;
                  createTime: string;
                  domicile: string;
                  education: string;
                  enrollCounty: string;
                  freshmen: string;
                  gender: string;
                  graduateCollege: string;
                  graduationDate: string;
                  id: number;
                  idCard: string;
                  isAdjust: string;
                  isDownload: string;
                  isNormal: string;
                  major: string;
                  maritalStatus: string;
                  name: string;
                  nation: string;
                  pdfDownloadNum: number;
                  phone: string;
                  picture: string | null;
                  planId: number;
                  planName: string;
                  planType: string;
                  planYear: string;
                  politicalAffiliation: string;
                  priorityCondition: string;
                  priorityContent: string | null;
                  provinceCode: string;
                  serialNo: string | null;
                  subject: string;
                  teacherCertification: string;
                  teacherCertificationSubject: string | null;
                  teacherCertificationType: string | null;
                  updateTime: string;
                  version: number;
                  veteran: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/pendingNeighbour': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The pending enrolment after (next) or before (prev) id in the filtered list, coming round from the other end (wrapped), in the caller’s region: {id | null, wrapped} */
    get: {
      parameters: {
        query: {
          academicSession?: string;
          auditStatus?: string;
          cityCode?: string;
          countyCode?: string;
          createStatus?: string;
          direction: 'next' | 'prev';
          id: number;
          idCard?: string;
          isDownload?: string;
          name?: string;
          phone?: string;
          planId?: number;
          serialNo?: string;
          subject?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number | null;
                wrapped: boolean;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/photo/{id}/{file}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The photo (JPEG) of an enrolment in the caller’s region, at {id}/{version}.jpg (version: photoVersion of the stored photo); 404 outside the region or for another version. Cache-Control private, a year, immutable */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          file: string;
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/statistics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Dashboard: enrolments by audit status, and applicants and passed against demand per county, learning period, subject and post, in the caller’s region (plan: ?planId, else the open one; counts up to RATIO_CACHE_SECONDS old, asOf) */
    get: {
      parameters: {
        query?: {
          planId?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                asOf: string | null;
                audit: {
                  passed: number;
                  pending: number;
                  rejected: number;
                };
                byCounty: {
                  demand: number;
                  enrolled: number;
                  key: string;
                  label: string | null;
                  passed: number;
                }[];
                byPeriod: {
                  demand: number;
                  enrolled: number;
                  key: string;
                  label: string | null;
                  passed: number;
                }[];
                bySubject: {
                  demand: number;
                  enrolled: number;
                  key: string;
                  label: string | null;
                  passed: number;
                }[];
                demand: number;
                planId: number | null;
                planName: string | null;
                posts: {
                  category: string;
                  countyCode: string;
                  countyName: string | null;
                  demand: number;
                  enrolled: number;
                  learningPeriod: string;
                  passed: number;
                  subject: string;
                }[];
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/statistics/dashboard': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Dashboard of a plan (?planId, any plan, closed ones included; else the open one, else the newest) in the caller’s region: the statistics, enrolments and passed audits per day (YYYY-MM-DD, China Standard Time, zero days filled) and the funnel registered (province-wide callers only, else null) → applied → passed → ticket → admitted; final for a closed plan */
    get: {
      parameters: {
        query?: {
          planId?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                asOf: string | null;
                audit: {
                  passed: number;
                  pending: number;
                  rejected: number;
                };
                byCounty: {
                  demand: number;
                  enrolled: number;
                  key: string;
                  label: string | null;
                  passed: number;
                }[];
                byPeriod: {
                  demand: number;
                  enrolled: number;
                  key: string;
                  label: string | null;
                  passed: number;
                }[];
                bySubject: {
                  demand: number;
                  enrolled: number;
                  key: string;
                  label: string | null;
                  passed: number;
                }[];
                daily: {
                  applied: number;
                  date: string;
                  passed: number;
                }[];
                demand: number;
                final: boolean;
                funnel: {
                  admitted: number;
                  applied: number;
                  passed: number;
                  registered: number | null;
                  ticket: number;
                };
                planId: number | null;
                planName: string | null;
                /** @enum {string|null} */
                planStatus: '0' | '1' | '2' | null;
                planYear: string | null;
                posts: {
                  category: string;
                  countyCode: string;
                  countyName: string | null;
                  demand: number;
                  enrolled: number;
                  learningPeriod: string;
                  passed: number;
                  subject: string;
                }[];
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/statistics/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The dashboard of the token’s plan in the holder’s region as xlsx: sheets totals (with the funnel), per day, per county, per learning period, per subject and per post */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enroll/statistics/exportToken': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A single-use link (5 min) to the xlsx export of the current filters: {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            planId?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/checkImport/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress and outcome of an import job (ImportJobView) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                createTime: string;
                errorCount: number;
                fileName: string;
                finishTime: string | null;
                id: number;
                imported: number;
                kind: string;
                message: string | null;
                percent: number;
                processed: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The comparison rows of the token’s filters in the holder’s region as xlsx, streamed */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/exportToken': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A single-use link (5 min) to the xlsx export of the current filters: {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            dataSource?: string;
            idCard?: string;
            name?: string;
            planId?: number;
            /** @enum {string} */
            result?: '0' | '1';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/importExcel/{param}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Uploads an xlsx (multipart file) and queues its import; data {id} for checkImport/{id} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          param: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of comparison rows in the caller’s region: {records: EnrollCompareRow[], total, current, size}; filters planId, name, idCard, dataSource, result (1 differing, 0 matching) */
    get: {
      parameters: {
        query?: {
          current?: number;
          dataSource?: string;
          idCard?: string;
          name?: string;
          planId?: number;
          result?: '0' | '1';
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  academicSession: string | null;
                  createTime: string;
                  dataSource: string;
                  differences: {
                    actual: string | null;
                    expected: string | null;
                    /** @enum {string} */
                    field: 'name' | 'enrollCounty' | 'academicSession' | 'subject' | 'phone' | 'enroll';
                  }[];
                  errorDetails: string;
                  id: number;
                  idCard: string;
                  name: string;
                  planId: number;
                  planName: string;
                  subject: string | null;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/pageImportError': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Row problems of an import job: page of {rowNumber, column, value, message} */
    get: {
      parameters: {
        query: {
          current?: number;
          id: number;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  column: string | null;
                  id: number;
                  message: string;
                  rowNumber: number;
                  value: string | null;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/enrollCompare/template': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The import template (xlsx) in the caller’s language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/registeredPersonnel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changes a candidate’s phone (encrypted {id, telephone}); name and ID number stay. 409 when another account holds the phone; 404 outside the scope. Data is the id */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            id: number;
            telephone: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/registeredPersonnel/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One candidate inside the caller’s scope, with the whole ID number and the regions applied to */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                birthday: string;
                createTime: string;
                gender: string;
                id: number;
                idCard: string;
                realName: string;
                regions: {
                  cityCode: string;
                  countyCode: string;
                  enrollCounty: string;
                }[];
                state: string;
                stateReason: string | null;
                telephone: string;
                userName: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Deletes a candidate account with its sessions: 409 when it has applied, 404 outside the scope */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/registeredPersonnel/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes candidate accounts {idList} with their sessions, all or nothing: 409 when one has applied, 404 when one is outside the scope */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/candidate/registeredPersonnel/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of registered candidates inside the caller’s scope: as /candidate/candidateUser/page plus cityCode, countyCode (an application there); ID numbers masked; with the regions applied to */
    get: {
      parameters: {
        query?: {
          cityCode?: string;
          countyCode?: string;
          current?: number;
          idCard?: string;
          realName?: string;
          size?: number;
          state?: '0' | '1';
          telephone?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  birthday: string;
                  createTime: string;
                  gender: string;
                  id: number;
                  idCard: string;
                  realName: string;
                  regions: {
                    cityCode: string;
                    countyCode: string;
                    enrollCounty: string;
                  }[];
                  state: string;
                  stateReason: string | null;
                  telephone: string;
                  userName: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/file/remove': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Removes an uploaded website picture (?fileUrl=/file/view/website/…) */
    get: {
      parameters: {
        query: {
          fileUrl: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/file/upload': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Uploads a website picture (multipart `file`, field `kind` 'logo' ≤ 5 MB or 'indexPic' ≤ 10 MB); data is {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                key: string;
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/file/view/{*}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Serves a website picture (website/<uuid>.<ext>; the bytes: no JSON response schema) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          '*': string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness: {status: "up"} while the process serves requests (no database call) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                /** @enum {string} */
                status: 'up';
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/loginlog/clean': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes the login log entries inside the caller’s region older than the retention (LOG_RETENTION_DAYS); younger ones stay. Answers {count}; the removal is written to the trail */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/loginlog/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes login log entries {idList} older than the retention (LOG_RETENTION_DAYS), all or nothing: 404 when one is unknown or outside the caller’s region, 400 log.retention.tooYoung when one is younger; the removal is written to the trail */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/loginlog/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of the login log inside the caller’s region (admin rows by the user’s region, candidate rows by the regions of the candidate’s enrolments, unknown users only for administrators without a region): userName, ip, kind, result, time range */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            beginTime?: string;
            /** @default 1 */
            current?: number;
            endTime?: string;
            ip?: string;
            /** @enum {string} */
            kind?: 'admin' | 'candidate';
            /** @enum {string} */
            result?: 'success' | 'fail';
            /** @default 10 */
            size?: number;
            userName?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  createTime: string;
                  id: number;
                  ip: string | null;
                  kind: string;
                  msg: string | null;
                  result: string;
                  userAgent: string | null;
                  userName: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/operlog/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One operation log entry; 404 when unknown or outside the caller’s region */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                businessType: string | null;
                businessTypeLabel: string;
                costMs: number;
                createTime: string;
                errorMsg: string | null;
                id: number;
                ip: string | null;
                method: string;
                module: string | null;
                operatorId: number | null;
                operatorName: string | null;
                params: string | null;
                status: number;
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/operlog/clean': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes the operation log entries inside the caller’s region older than the retention (LOG_RETENTION_DAYS); younger ones stay. Answers {count}; the removal is written to the trail */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                count: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/operlog/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes operation log entries {idList} older than the retention (LOG_RETENTION_DAYS), all or nothing: 404 when one is unknown or outside the caller’s region, 400 log.retention.tooYoung when one is younger; the removal is written to the trail */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/operlog/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of the operation log inside the caller’s region (by the operator’s region): module, businessType, operatorName, status, time range */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            beginTime?: string;
            /** @enum {string} */
            businessType?: '0' | '1' | '2' | '3' | '4' | '5' | '6';
            /** @default 1 */
            current?: number;
            endTime?: string;
            module?: string;
            operatorName?: string;
            /** @default 10 */
            size?: number;
            status?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  businessType: string | null;
                  businessTypeLabel: string;
                  costMs: number;
                  createTime: string;
                  errorMsg: string | null;
                  id: number;
                  ip: string | null;
                  method: string;
                  module: string | null;
                  operatorId: number | null;
                  operatorName: string | null;
                  params: string | null;
                  status: number;
                  url: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/operlog/listBusinessType': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Business type options [{value, label}] in the caller's language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/log/trail/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of the append-only trail (audit decisions, clear views of sealed values, log removals) inside the caller’s region (by the region of the row concerned): event, actorName, targetId, time range. Nothing deletes it */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            actorName?: string;
            beginTime?: string;
            /** @default 1 */
            current?: number;
            endTime?: string;
            event?: string;
            /** @default 10 */
            size?: number;
            targetId?: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  actorId: number | null;
                  actorName: string | null;
                  cityCode: string | null;
                  countyCode: string | null;
                  createTime: string;
                  detail: {
                    [key: string]: unknown;
                  } | null;
                  event: string;
                  id: number;
                  ip: string | null;
                  provinceCode: string | null;
                  targetId: number | null;
                  targetTable: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Prometheus metrics (text format 0.0.4, not JSON: no response schema): from loopback, a METRICS_ALLOW address, or with Authorization: Bearer <METRICS_TOKEN>; else 403 */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/monitor/online/{sessionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Force logout: ends another administrator's session inside the caller's region. 400 for one's own; 404 unknown or beside the region; 403 for a higher-level administrator (wider region) or a holder of all rights (unless the caller holds all rights) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          sessionId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/monitor/online/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Live back-office sessions of the users inside the caller’s region (userName, ip filters); `current` marks the caller */
    get: {
      parameters: {
        query?: {
          ip?: string;
          userName?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: boolean;
                expiresAt: string;
                ip: string | null;
                locked: boolean;
                loginTime: string;
                nickName: string;
                sessionId: number;
                userAgent: string | null;
                userId: number;
                userName: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/ready': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Readiness: 503 {status: "draining"} once the node stops; 200 {status: "ready"} when the database answers within 2 s, else 503 */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                /** @enum {string} */
                database?: 'up' | 'down';
                /** @enum {string} */
                status: 'ready' | 'draining' | 'not ready';
                /** @enum {string} */
                storage?: 'up' | 'down';
              };
              msg: string;
            };
          };
        };
        /** @description Default Response */
        503: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                /** @enum {string} */
                database?: 'up' | 'down';
                /** @enum {string} */
                status: 'ready' | 'draining' | 'not ready';
                /** @enum {string} */
                storage?: 'up' | 'down';
              } | null;
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/educationPlan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a mapping {id, category, education[]}; data is the id; 404 unknown id, 409 category taken. Province-level accounts only (403 province.only). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            category: string;
            education: unknown[];
            id: number;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a mapping {category, education[]}; data is the new id; 409 when the category has one. Province-level accounts only (403 province.only). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            category: string;
            education: unknown[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/educationPlan/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a mapping; 404 when it does not exist. Province-level accounts only (403 province.only). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/educationPlan/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of mappings {records: [{id, category, education[]}], total, current, size}; filter category */
    get: {
      parameters: {
        query?: {
          category?: string;
          current?: number;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  category: string;
                  createTime: string;
                  education: string[];
                  id: number;
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/instruction': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates an instruction {id, planId, type, context} (encrypted; HTML sanitised); data is the id. Province-level accounts only (403 province.only / province.other). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            context: string;
            id: number;
            planId: number;
            /** @enum {string} */
            type: '1' | '2' | '3';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates an instruction {planId, type, context} (encrypted; HTML sanitised); data is the id. Province-level accounts only (403 province.only / province.other). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            context: string;
            planId: number;
            /** @enum {string} */
            type: '1' | '2' | '3';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/instruction/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One instruction (context is sanitised HTML); 404 when unknown */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                context: string;
                createTime: string;
                id: number;
                planId: number;
                planName: string | null;
                /** @enum {string} */
                type: '1' | '2' | '3';
                updateTime: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Deletes one instruction; 404 when unknown. Province-level accounts only (403 province.only / province.other). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/instruction/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes instructions {idList}: all of them, or nothing when one does not exist (404). Province-level accounts only (403 province.only / province.other). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/instruction/getInstructionType': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Instruction type options [{value, label}] in the caller's language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/instruction/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of instructions {records: [{id, planId, planName, type, context, createTime, updateTime}], total, current, size}: current, size, planId, type */
    get: {
      parameters: {
        query?: {
          current?: number;
          planId?: number;
          size?: number;
          type?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  context: string;
                  createTime: string;
                  id: number;
                  planId: number;
                  planName: string | null;
                  /** @enum {string} */
                  type: '1' | '2' | '3';
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a plan (encrypted; all fields and id, status unchanged); data is the id. Province-level accounts only (403 province.only / province.other). */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            auditEndTime: string;
            auditStartTime: string;
            birthLimits?: {
              [key: string]: unknown;
            };
            company: string;
            customerServicePhone?: string;
            endTime: string;
            enrollEndTime: string;
            enrollStartTime: string;
            examEndTime: string;
            examStartTime: string;
            id: number;
            interviewEndTime: string;
            interviewStartTime: string;
            limitBirth: string;
            listPublishedEndTime: string;
            listPublishedStartTime: string;
            name: string;
            physicalExamEndTime: string;
            physicalExamStartTime: string;
            retentionYears: unknown;
            scoreQueryEndTime: string;
            scoreQueryStartTime: string;
            serviceCenter?: string;
            startTime: string;
            ticketPrintEndTime: string;
            ticketPrintStartTime: string;
            year: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a plan (encrypted), unpublished (status 0); birthLimits {education code: YYYY-MM-DD} (400 on birthLimits for an unknown code or bad date); data is the new id. Province-level accounts only (403 province.only / province.other). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            auditEndTime: string;
            auditStartTime: string;
            birthLimits?: {
              [key: string]: unknown;
            };
            company: string;
            customerServicePhone?: string;
            endTime: string;
            enrollEndTime: string;
            enrollStartTime: string;
            examEndTime: string;
            examStartTime: string;
            interviewEndTime: string;
            interviewStartTime: string;
            limitBirth: string;
            listPublishedEndTime: string;
            listPublishedStartTime: string;
            name: string;
            physicalExamEndTime: string;
            physicalExamStartTime: string;
            retentionYears: unknown;
            scoreQueryEndTime: string;
            scoreQueryStartTime: string;
            serviceCenter?: string;
            startTime: string;
            ticketPrintEndTime: string;
            ticketPrintStartTime: string;
            year: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One plan */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                auditEndTime: string;
                auditStartTime: string;
                birthLimits: {
                  [key: string]: string;
                };
                company: string;
                createTime: string;
                customerServicePhone: string | null;
                endTime: string;
                enrollEndTime: string;
                enrollStartTime: string;
                examEndTime: string;
                examStartTime: string;
                id: number;
                interviewEndTime: string;
                interviewStartTime: string;
                limitBirth: string;
                listPublishedEndTime: string;
                listPublishedStartTime: string;
                name: string;
                physicalExamEndTime: string;
                physicalExamStartTime: string;
                purgeTime: string | null;
                retentionYears: number;
                scoreQueryEndTime: string;
                scoreQueryStartTime: string;
                serviceCenter: string | null;
                smsNotify: boolean;
                startTime: string;
                /** @enum {string} */
                status: '0' | '1' | '2';
                ticketPrintEndTime: string;
                ticketPrintStartTime: string;
                updateTime: string;
                year: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Deletes an unpublished plan with its plan data and instructions. Province-level accounts only (403 province.only / province.other). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes plans {idList}: all unpublished, else nothing is deleted. Province-level accounts only (403 province.only / province.other). */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan/getRecruitPlanStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Plan status options [{value, label}] in the caller's language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan/listRecruitPlan': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Plan options [{id, name, year, status, smsNotify}] for selects, newest first */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
                name: string;
                smsNotify: boolean;
                /** @enum {string} */
                status: '0' | '1' | '2';
                year: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of plans: current, size, name (contains), year, status; newest year first */
    get: {
      parameters: {
        query?: {
          current?: number;
          name?: string;
          size?: number;
          status?: string;
          year?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  auditEndTime: string;
                  auditStartTime: string;
                  birthLimits: {
                    [key: string]: string;
                  };
                  company: string;
                  createTime: string;
                  customerServicePhone: string | null;
                  endTime: string;
                  enrollEndTime: string;
                  enrollStartTime: string;
                  examEndTime: string;
                  examStartTime: string;
                  id: number;
                  interviewEndTime: string;
                  interviewStartTime: string;
                  limitBirth: string;
                  listPublishedEndTime: string;
                  listPublishedStartTime: string;
                  name: string;
                  physicalExamEndTime: string;
                  physicalExamStartTime: string;
                  purgeTime: string | null;
                  retentionYears: number;
                  scoreQueryEndTime: string;
                  scoreQueryStartTime: string;
                  serviceCenter: string | null;
                  smsNotify: boolean;
                  startTime: string;
                  /** @enum {string} */
                  status: '0' | '1' | '2';
                  ticketPrintEndTime: string;
                  ticketPrintStartTime: string;
                  updateTime: string;
                  year: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlan/updateStatus/{id}/{status}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Changes the status (0 unpublished, 1 open, 2 closed = archived); at most one plan is open; closing is refused while a stage of the timeline is open or to come (400 plan.status.cycleRunning, data {phase, open, end, archivableFrom, enrolments}). Province-level accounts only (403 province.only / province.other). */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
          status: '0' | '1' | '2';
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a row (encrypted; all fields and id, status unchanged); data is the id */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            category: string;
            countyCode: string;
            demandNumber: number;
            id: number;
            learningPeriod: string;
            planId: number;
            subject: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a row (encrypted), active; data is the new id; 409 on a duplicate */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            category: string;
            countyCode: string;
            demandNumber: number;
            learningPeriod: string;
            planId: number;
            subject: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One row of the caller's region; 404 otherwise */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                category: string;
                cityCode: string;
                countyCode: string;
                createTime: string;
                demandNumber: number;
                id: number;
                learningPeriod: string;
                planId: number;
                planName: string;
                provinceCode: string;
                regionName: string;
                /** @enum {string} */
                status: '0' | '1';
                subject: string;
                updateTime: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Deletes a row of the caller's region; 404 otherwise */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/checkImport/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress and outcome of an import job (ImportJobView) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                createTime: string;
                errorCount: number;
                fileName: string;
                finishTime: string | null;
                id: number;
                imported: number;
                kind: string;
                message: string | null;
                percent: number;
                processed: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes rows {idList}: all in the caller's region, else 404 and nothing is deleted */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/downLoadExcelTemplate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The import template (xlsx) in the caller’s language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plan data of the token’s filters in the holder’s region as xlsx (template columns first) */
    get: {
      parameters: {
        query: {
          token: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content?: never;
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/exportToken': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A single-use link (5 min) to the xlsx export of the current filters: {url} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            category?: string;
            cityCode?: string;
            countyCode?: string;
            learningPeriod?: string;
            planId?: number;
            provinceCode?: string;
            status?: string;
            subject?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                url: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/getRecruitPlanDataStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Plan data status options [{value, label, labelEn}]: 1 active, 0 inactive */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                labelEn: string;
                /** @enum {string} */
                value: '0' | '1';
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/importExcel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Uploads an xlsx (multipart file) and queues its import; data {id} for checkImport/{id} */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                id: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of the caller's region's rows; filters planId, countyCode, category, learningPeriod, subject, status */
    get: {
      parameters: {
        query?: {
          category?: string;
          cityCode?: string;
          countyCode?: string;
          current?: number;
          learningPeriod?: string;
          planId?: number;
          provinceCode?: string;
          size?: number;
          status?: string;
          subject?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  category: string;
                  cityCode: string;
                  countyCode: string;
                  createTime: string;
                  demandNumber: number;
                  id: number;
                  learningPeriod: string;
                  planId: number;
                  planName: string;
                  provinceCode: string;
                  regionName: string;
                  /** @enum {string} */
                  status: '0' | '1';
                  subject: string;
                  updateTime: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/pageImportError': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Row problems of an import job: page of {rowNumber, column, value, message} */
    get: {
      parameters: {
        query: {
          current?: number;
          id: number;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  column: string | null;
                  id: number;
                  message: string;
                  rowNumber: number;
                  value: string | null;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/recruitPlanData/updateStatus/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Toggles the row between active (1) and inactive (0); data is the new status */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string} */
              data: '0' | '1';
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/retention/job/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress of a retention job: {status (0 queued, 1 running, 2 done, 4 failed), percent, attempts, planId, total, processed, message, counts (once done)}. 404 for an unknown job; province-level accounts only, for a plan of their province */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          jobId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                counts: {
                  accounts: number;
                  comparisons: number;
                  enrolments: number;
                  files: number;
                  importProblems: number;
                  results: number;
                  tickets: number;
                } | null;
                message: string;
                percent: number;
                planId: number | null;
                processed: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/retention/plan/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A plan’s retention: {planId, retentionYears, listPublishedEndTime, expiresAt (list-publication end + retentionYears, CST calendar), due, purgeTime, counts: {enrolments, tickets, results, comparisons, importProblems, files, accounts} a run would change now, lastJobId}. 404 for an unknown plan; province-level accounts only (403 province.only / province.other) */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                counts: {
                  accounts: number;
                  comparisons: number;
                  enrolments: number;
                  files: number;
                  importProblems: number;
                  results: number;
                  tickets: number;
                };
                due: boolean;
                expiresAt: string;
                lastJobId: number | null;
                listPublishedEndTime: string;
                planId: number;
                purgeTime: string | null;
                retentionYears: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/retention/plan/{planId}/run': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Run the plan’s retention now: {jobId} of the queued run (or of the run already queued). 400 retention.notDue {date} inside the period, retention.alreadyPurged {time}; 404 for an unknown plan; province-level accounts only (403 province.only / province.other) */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                jobId: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/smsNotice/job/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Progress of a notice job: {status (0 queued, 1 running, 2 done, 4 failed), total, sent, failed, percent, attempts, message}. 404 for another region’s job */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          jobId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                attempts: number;
                failed: number;
                message: string;
                percent: number;
                sent: number;
                /** @enum {string} */
                status: '0' | '1' | '2' | '3' | '4';
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/smsNotice/plan/{planId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A plan’s notices inside the caller’s region: {planId, enabled, counts: [{event, sent, failed, sending, pending}], lastJobId} */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                counts: {
                  /** @enum {string} */
                  event: 'rejected' | 'ticketReady' | 'resultsOpen';
                  failed: number;
                  pending: number;
                  retrying: number;
                  sending: number;
                  sent: number;
                }[];
                enabled: boolean;
                lastJobId: number | null;
                planId: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    /** Turn a plan’s SMS notices on or off {enabled} (province-level accounts): the plan’s view and catchUp {jobId, total, events: [{event, count}]} — turning them on queues the rejections still correctable and the tickets still printable that nobody was told of — or null */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            enabled: boolean;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                catchUp: {
                  events: {
                    count: number;
                    /** @enum {string} */
                    event: 'rejected' | 'ticketReady' | 'resultsOpen';
                  }[];
                  jobId: number;
                  total: number;
                } | null;
                counts: {
                  /** @enum {string} */
                  event: 'rejected' | 'ticketReady' | 'resultsOpen';
                  failed: number;
                  pending: number;
                  retrying: number;
                  sending: number;
                  sent: number;
                }[];
                enabled: boolean;
                lastJobId: number | null;
                planId: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/smsNotice/plan/{planId}/failures': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A plan’s failed notices inside the caller’s region, a §9 page (current, size; event optional): [{id, enrollId, name, phone (masked 139****1234), enrollCounty, event, attempts, error (the provider’s), lastAttemptTime, nextAttemptTime (null: no more tries)}]. 404 for an unknown plan */
    get: {
      parameters: {
        query?: {
          current?: number;
          event?: 'rejected' | 'ticketReady' | 'resultsOpen';
          size?: number;
        };
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  attempts: number;
                  enrollCounty: string;
                  enrollId: number;
                  error: string | null;
                  /** @enum {string} */
                  event: 'rejected' | 'ticketReady' | 'resultsOpen';
                  id: number;
                  lastAttemptTime: string | null;
                  name: string;
                  nextAttemptTime: string | null;
                  phone: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/smsNotice/plan/{planId}/send': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Queue the notice of {event} to the plan’s pending candidates in the caller’s region: {jobId, total}. 400 smsNotice.disabled (switch off) or smsNotice.nothingToSend */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          planId: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            event: 'rejected' | 'ticketReady' | 'resultsOpen';
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                jobId: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/recruit/smsNotice/templates': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The SMS template of each notice event (rejected, ticketReady, resultsOpen): [{event, templateCode (provider template id or null), text (console text with {name}, {plan}, {time})}] */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                /** @enum {string} */
                event: 'rejected' | 'ticketReady' | 'resultsOpen';
                templateCode: string | null;
                text: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    /** Save the templates given {templates: [{event, templateCode, text}]}; answers them all */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            templates: {
              /** @enum {string} */
              event: 'rejected' | 'ticketReady' | 'resultsOpen';
              templateCode?: string | null;
              text: string;
            }[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                /** @enum {string} */
                event: 'rejected' | 'ticketReady' | 'resultsOpen';
                templateCode: string | null;
                text: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a region (as create, with id); data is the id */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            id: number;
            name: string;
            parentCode: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a region {parentCode ('0' for a province), name, code (6 digits, unique)}; data is the id */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            code: string;
            name: string;
            parentCode: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: number;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One region */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                code: string;
                createTime: string;
                id: number;
                level: number;
                name: string;
                parentCode: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    /** Deletes a region without sub-regions that nothing uses */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes regions {idList} in one transaction: none with sub-regions or used by users or enrolments */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page of regions by code: current, size, name (contains), code (prefix), parentCode ('0' for provinces) */
    get: {
      parameters: {
        query?: {
          code?: string;
          current?: number;
          name?: string;
          parentCode?: string;
          size?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  code: string;
                  createTime: string;
                  id: number;
                  level: number;
                  name: string;
                  parentCode: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region/regionTreeDict': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** GB/T 2260 tree province → city → county, or the subtree under ?code. From memory: ETag (304 on If-None-Match), Cache-Control public, max-age=60 */
    get: {
      parameters: {
        query?: {
          code?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['RegionNode'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region/regionTreeSelect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The regions that can be a parent (provinces and cities) as a tree under a root {code '0'}; ?id leaves out that region and its sub-regions */
    get: {
      parameters: {
        query?: {
          id?: number;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['RegionSelectNode'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/region/scopeTree': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The administrator's region tree (spec §6): with a province code, that province's cities → counties (narrowed to the city/county codes); without, provinces → cities → counties. Nodes carry their level. */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: components['schemas']['RegionNode'][];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates a user (encrypted; as create with id, without password); data is the id. 404 outside the scope; 403 for the seeded admin (except by itself), a user holding rights the caller lacks, a change of the own roles, or a role granting a right the caller lacks. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            avatar?: string;
            cityCode?: string;
            countyCode?: string;
            departmentId: number;
            id: number;
            nickName: string;
            phone?: string;
            provinceCode?: string;
            roleIds: number[];
            sex: string;
            /**
             * @default 0
             * @enum {string}
             */
            state?: '0' | '1';
            supervision?: boolean;
            userName: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    /** Creates a user (encrypted): nickName, sex, userName, password (strength rule), departmentId, region codes (at least one level, inside the caller’s scope), roleIds, state (default 0), phone; data is the id. 403 when a role grants a right the caller does not hold. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            avatar?: string;
            cityCode?: string;
            countyCode?: string;
            departmentId: number;
            nickName: string;
            password: string;
            phone?: string;
            provinceCode?: string;
            roleIds: number[];
            sex: string;
            /**
             * @default 0
             * @enum {string}
             */
            state?: '0' | '1';
            supervision?: boolean;
            userName: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes a user (never the seeded admin nor the caller) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/deleteByIds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Deletes users {idList} in one transaction (never the seeded admin nor the caller: 400; 404 outside the scope; 403 for a user holding rights the caller lacks) */
    delete: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            idList: number[];
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string|null} */
              data: null;
              msg: string;
            };
          };
        };
      };
    };
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/getById': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's own user (no password hash), with roleIds */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                avatar: string | null;
                cityCode: string | null;
                countyCode: string | null;
                createTime: string;
                departmentId: number | null;
                departmentName: string | null;
                id: number;
                nickName: string;
                phone: string | null;
                provinceCode: string | null;
                regionName: string | null;
                roleIds: number[];
                sex: string | null;
                state: string;
                supervision: boolean;
                updateTime: string;
                userName: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/getById/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One user inside the caller’s scope (no password hash), with roleIds */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                avatar: string | null;
                cityCode: string | null;
                countyCode: string | null;
                createTime: string;
                departmentId: number | null;
                departmentName: string | null;
                id: number;
                nickName: string;
                phone: string | null;
                provinceCode: string | null;
                regionName: string | null;
                roleIds: number[];
                sex: string | null;
                state: string;
                supervision: boolean;
                updateTime: string;
                userName: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/getUserState': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** User state options [{value, label}]: 0 active, 1 disabled, in the caller's language */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                label: string;
                value: string;
              }[];
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Page of users inside the caller’s region scope: current, size, userName, nickName, phone (contain), state, departmentId; in the body or the querystring. No password hashes; with roleIds. */
    post: {
      parameters: {
        query?: {
          current?: number;
          departmentId?: number;
          nickName?: string;
          phone?: string;
          size?: number;
          state?: string;
          userName?: string;
        };
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            current?: number;
            departmentId?: number;
            nickName?: string;
            phone?: string;
            size?: number;
            state?: string;
            userName?: string;
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                current: number;
                records: {
                  avatar: string | null;
                  cityCode: string | null;
                  countyCode: string | null;
                  createTime: string;
                  departmentId: number | null;
                  departmentName: string | null;
                  id: number;
                  nickName: string;
                  phone: string | null;
                  provinceCode: string | null;
                  regionName: string | null;
                  roleIds: number[];
                  sex: string | null;
                  state: string;
                  supervision: boolean;
                  updateTime: string;
                  userName: string;
                }[];
                size: number;
                total: number;
              };
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/resetPsw/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Resets the password to a generated strong one, answered once as data {password}; the user’s sessions are revoked. 404 outside the scope; 403 for the seeded admin (except by itself) or a user holding rights the caller lacks. */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                password: string;
              };
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/updateById': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Updates the caller's own profile (encrypted): nickName, phone, sex, avatar */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            avatar?: string;
            nickName: string;
            phone?: string;
            sex?: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/updatePsw': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changes the caller's own password (encrypted {oldPsw, newPsw}); a wrong old password is 400; the caller's other sessions are revoked */
    put: {
      parameters: {
        query?: never;
        header?: never;
        path?: never;
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            newPsw: string;
            oldPsw: string;
          };
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data: {
                d: string;
                iv: string;
              };
              /** @enum {boolean} */
              encrypted: true;
              msg: string;
            };
          };
        };
      };
    };
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/system/user/updateState/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sets the state {state: 0|1} or, without a body, toggles it; disabling revokes the user’s sessions. Data is the new state. 404 outside the scope; 403 for the seeded admin (except by itself) or a user holding rights the caller lacks. */
    post: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          id: number;
        };
        cookie?: never;
      };
      requestBody: {
        content: {
          'application/json': {
            /** @enum {string} */
            state?: '0' | '1';
          } | null;
        };
      };
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              /** @enum {string} */
              data: '0' | '1';
              msg: string;
            };
          };
        };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/verify/ticket/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Verify an admission ticket by the signed token of its QR code: a small HTML page for a phone, or TicketVerification in the envelope when Accept prefers application/json. A valid ticket shows name, photo, admission number, learning period and subject (labels in the caller’s language), site, room, seat, date and time; a ticket not distributed or cancelled answers state "invalid" and one past its expiry (end of the exam day in Asia/Shanghai plus 7 days) state "expired", both without any personal data; a bad or forged token is a 404 (page or JSON). Limited per token and per client IP (429). */
    get: {
      parameters: {
        query?: never;
        header?: never;
        path: {
          token: string;
        };
        cookie?: never;
      };
      requestBody?: never;
      responses: {
        /** @description Default Response */
        200: {
          headers: {
            [name: string]: unknown;
          };
          content: {
            'application/json': {
              code: number;
              data:
                | {
                    academicSession: string;
                    admissionNumber: string;
                    examDate: string;
                    examPlace: string;
                    examRoomNumber: string;
                    examTime: string;
                    name: string;
                    photo: string | null;
                    seatNumber: string;
                    /** @enum {string} */
                    state: 'valid';
                    status: string;
                    subject: string;
                    /** @enum {boolean} */
                    valid: true;
                  }
                | {
                    /** @enum {string} */
                    state: 'invalid' | 'expired';
                    /** @enum {boolean} */
                    valid: false;
                  };
              msg: string;
            };
          };
        };
      };
    };
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    DemandRegion: {
      children?: components['schemas']['DemandRegion'][];
      code: string;
      level: number;
      name: string;
    };
    DemandRegionInput: {
      children?: components['schemas']['DemandRegionInput'][];
      code: string;
      level: number;
      name: string;
    };
    DepartmentNode: {
      children?: components['schemas']['DepartmentNode'][];
      createTime: string;
      id: number;
      name: string;
      parentId: number;
      phone: string | null;
      sort: number;
    };
    DepartmentNodeInput: {
      children?: components['schemas']['DepartmentNodeInput'][];
      createTime: string;
      id: number;
      name: string;
      parentId: number;
      phone: string | null;
      sort: number;
    };
    MenuItem: {
      children?: components['schemas']['MenuItem'][];
      createTime: string;
      group: string | null;
      icon: string | null;
      id: number;
      keepAlive: string;
      name: string;
      nameEn: string | null;
      path: string | null;
      permission: string | null;
      pid: number;
      query: string | null;
      sort: number;
      type: string;
    };
    MenuItemInput: {
      children?: components['schemas']['MenuItemInput'][];
      createTime: string;
      group: string | null;
      icon: string | null;
      id: number;
      keepAlive: string;
      name: string;
      nameEn: string | null;
      path: string | null;
      permission: string | null;
      pid: number;
      query: string | null;
      sort: number;
      type: string;
    };
    RegionNode: {
      children?: components['schemas']['RegionNode'][];
      code: string;
      level: 1 | 2 | 3;
      name: string;
    };
    RegionNodeInput: {
      children?: components['schemas']['RegionNodeInput'][];
      code: string;
      level: 1 | 2 | 3;
      name: string;
    };
    RegionSelectNode: {
      children?: components['schemas']['RegionSelectNode'][];
      code: string;
      id: number;
      level: number;
      name: string;
    };
    RegionSelectNodeInput: {
      children?: components['schemas']['RegionSelectNodeInput'][];
      code: string;
      id: number;
      level: number;
      name: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
