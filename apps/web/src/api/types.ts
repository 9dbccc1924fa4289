// The answers' types are the route table's (@tickline/protocol): import them from there, not through aliases here.

/** Numbers may arrive as JSON numbers or numeric strings (money is fixed-point on the server). */
export type Numeric = number | string;
