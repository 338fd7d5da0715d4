/** Storage behind the commerce routes (filled in by the commerce work). */
export interface CommerceRepository {}
