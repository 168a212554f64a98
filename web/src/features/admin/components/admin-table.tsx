import type { ReactNode } from 'react';
import './admin.css';
import { TableRegion } from './table-region';

/** The back office's table: a named scroll box, a caption, one header row of columns, then the given rows. */
export function AdminTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <TableRegion label={label}>
      <table className="admin-table">
        <caption className="muted">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableRegion>
  );
}
