/**
 * The code run in a worker thread to read a .xls (BIFF5/BIFF8) with SheetJS in dense mode. It lives in
 * a worker so that a hostile file exhausting memory or time is stopped without harming the caller.
 * Rows are posted in batches as plain arrays; date cells as { d: serial } in the 1900 date system.
 * Text is UTF-16 in the file, so it may hold half of a surrogate pair alone: that half is posted as
 * U+FFFD, as the xlsx reader reads it (xmlText.ts).
 */
export const XLS_WORKER_SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const XLSX = require(workerData.xlsxPath);
const BATCH = 5000;
const ERRORS = { 0: '#NULL!', 7: '#DIV/0!', 15: '#VALUE!', 23: '#REF!', 29: '#NAME?', 36: '#NUM!', 42: '#N/A' };
const wellFormed = (text) => (text.isWellFormed() ? text : text.toWellFormed());
try {
  const wb = XLSX.read(fs.readFileSync(workerData.path), {
    type: 'buffer', dense: true, cellFormula: false, cellHTML: false, cellText: false, cellNF: true,
    cellStyles: false, cellDates: false, bookVBA: false, bookDeps: false, sheetStubs: false,
  });
  const props = (wb.Workbook && wb.Workbook.WBProps) || {};
  const offset = props.date1904 ? 1462 : 0;
  const info = (wb.Workbook && wb.Workbook.Sheets) || [];
  const sheets = wb.SheetNames.map((name, i) => {
    const ws = wb.Sheets[name];
    return { name: wellFormed(name), hidden: !!(info[i] && info[i].Hidden), chart: !ws || ws['!type'] === 'chart' };
  });
  parentPort.postMessage({ type: 'sheets', sheets });
  wb.SheetNames.forEach((name, index) => {
    const ws = wb.Sheets[name];
    const data = (ws && ws['!data']) || [];
    let batch = [];
    for (let r = 0; r < data.length; r++) {
      const row = data[r];
      if (!row) continue;
      const cells = [];
      let any = false;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (!cell || cell.v === undefined || cell.v === null) continue;
        let v = cell.v;
        if (cell.t === 'n' && cell.z && typeof cell.z === 'string' && XLSX.SSF.is_date(cell.z)) v = { d: v + offset };
        else if (cell.t === 'e') v = wellFormed(cell.w || ERRORS[v] || '#ERROR');
        else if (cell.t === 'd') v = { d: (new Date(v).getTime() - Date.UTC(1899, 11, 30)) / 86400000 };
        else if (typeof v === 'string') v = wellFormed(v);
        else if (typeof v !== 'number' && typeof v !== 'boolean') continue;
        cells[c] = v;
        any = true;
      }
      if (any) batch.push([r + 1, cells]);
      if (batch.length >= BATCH) { parentPort.postMessage({ type: 'rows', sheet: index, rows: batch }); batch = []; }
    }
    if (batch.length) parentPort.postMessage({ type: 'rows', sheet: index, rows: batch });
    delete wb.Sheets[name];
  });
  parentPort.postMessage({ type: 'done' });
} catch (err) {
  parentPort.postMessage({ type: 'error', message: String((err && err.message) || err) });
}
`;
