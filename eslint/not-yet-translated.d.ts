export declare const NOT_YET_TRANSLATED: string[];
