/**
 * Header spellings as payroll products and timesheet apps export them, grouped by the canonical column
 * a person would map them to. Written apart from the engine's own vocabulary, from the column lists of
 * real exports: ADP (Workforce Now / RUN import and register columns), Paychex (Flex import and payroll
 * journal), Gusto (payroll journal), QuickBooks and QuickBooks Time, Sage (50 payroll exports), Xero,
 * Paylocity and Paycom imports, Deltek check registers, Homebase and other timesheet apps, direct
 * deposit files. The first spelling of each list is the plainest: a shrunk counterexample ends there
 * when the plain spelling fails too.
 *
 * Case, punctuation, line breaks and units are varied by `headerVariants.ts` on top of these.
 */
import { type CanonicalColumn } from '@/common/canonicalColumns';

export const HEADER_SPELLINGS: Record<CanonicalColumn, readonly string[]> = {
  'Employee ID': [
    'Employee ID', 'Emp ID', 'EmpID', 'Emp #', 'Emp. No.', 'Emp No', 'Emp_No', 'EmpNo', 'Emp-No', 'Employee #',
    'Employee No.', 'Employee Number', 'EE #', 'EE ID', 'EE No', 'File #', 'File Number', 'File No.', 'Associate ID',
    'Worker ID', 'Payroll ID', 'Badge #', 'Badge No', 'Clock #', 'Clock Number', 'Employee Code', 'Emp Code', 'Staff ID',
    'Person Number', 'Employee Reference', 'Team Member ID', 'ID', 'ID #', 'EmployeeNumber', 'employee_id',
    'Personnel No.', 'Payroll Number', 'Emp Num', 'Emp Nbr', 'Associate #', 'Employee Key', 'Payroll Code',
  ],
  'Employee Name': [
    'Employee Name', 'Employee', 'Name', 'Full Name', 'Emp Name', 'EE Name', 'Worker Name', 'Associate Name',
    'Team Member', 'Staff Name', 'Last, First', 'Name (Last, First)', 'Last Name, First Name', 'Employee Full Name',
    'Employee (Last, First)', 'Payee', 'Worker', 'Team Member Name', 'Employee_Name', 'EmployeeName', 'Name of Employee',
    'Staff Member', 'Associate',
  ],
  'First Name': [
    'First Name', 'First', 'FirstName', 'First_Name', 'Fname', 'Given Name', 'Forename', 'Employee First Name',
    'First Nm', 'Legal First Name', 'F. Name', 'Emp First Name',
  ],
  'Last Name': [
    'Last Name', 'Last', 'LastName', 'Last_Name', 'Lname', 'Surname', 'Family Name', 'Employee Last Name', 'Last Nm',
    'Legal Last Name', 'L. Name', 'Emp Last Name',
  ],
  Department: [
    'Department', 'Dept', 'Dept.', 'Dept #', 'Dept Code', 'Department Name', 'Home Dept', 'Home Department', 'Temp Dept',
    'Division', 'Location', 'Work Location', 'Store', 'Store #', 'Cost Center', 'Cost Centre', 'Department Code',
    'Org Unit', 'Branch', 'Worked in Dept', 'Dept Name', 'Dpt', 'Department Description', 'Job Site', 'Site',
  ],
  'Pay Rate': [
    'Pay Rate', 'Rate', 'Hourly Rate', 'Rate/Hr', 'Rate per Hour', 'Hrly Rate', 'Base Rate', 'Wage', 'Wage Rate', 'Rate 1',
    'Temp Rate', 'Regular Rate', 'Reg Rate', 'Rate ($)', 'Pay Rate ($/hr)', 'Hourly Wage', 'Rate of Pay', 'Std Rate',
    'Rate Amt', 'Hr Rate', '$/Hr', 'Rate (Hourly)', 'Base Pay Rate',
  ],
  'Regular Hours': [
    'Regular Hours', 'Reg Hrs', 'Reg Hours', 'Reg', 'Regular', 'Regular Hrs', 'REG HRS', 'Reg. Hrs.', 'Hours', 'Hrs',
    'Hours Worked', 'Hrs Worked', 'Regular Time', 'Reg Time', 'RT Hours', 'Straight Time', 'ST Hours',
    'Regular Hours Worked', 'Reg_Hrs', 'RegHrs', 'Reg-Hrs', 'Hours (hrs)', 'Ordinary Hours', 'Base Hours',
    'Reg Hours Worked', 'Regular Pay Hours', 'Work Hours', 'Hours - Regular', 'Reg. Hours', 'Ord Hrs',
  ],
  'Overtime Hours': [
    'Overtime Hours', 'OT Hrs', 'OT Hours', 'OT', 'O/T', 'O/T Hrs', 'O/T Hours', 'Overtime', 'Overtime Hrs', 'OT 1.5',
    'OT 1.5x', 'Time and a Half', 'Time & Half Hours', 'OT (1.5)', 'Ovt Hrs', 'Ovt', 'Overtime Hours Worked', 'OT_Hrs',
    'OTHrs', 'OT-Hours', 'Overtime (hrs)', 'Est. Overtime', 'Hours - Overtime', 'O.T. Hours', 'Overtime 1.5',
  ],
  'Double Time Hours': [
    'Double Time Hours', 'Double Time', 'DT Hrs', 'DT Hours', 'DT', 'Dbl Time', 'Dbl Time Hrs', 'Double OT', 'OT 2.0',
    'OT 2x', 'Doubletime', 'DoubleTime Hours', 'Double Overtime', 'D/T Hrs', 'Double-Time Hrs', '2x Hours',
    'Double Time (hrs)', 'Double OT Hours',
  ],
  'PTO Hours': [
    'PTO Hours', 'PTO', 'PTO Hrs', 'Vacation', 'Vacation Hours', 'Vac Hrs', 'Paid Time Off', 'Paid Time-Off',
    'Personal Time', 'PTO Used', 'Vacation Hrs', 'Annual Leave', 'Leave Hours', 'PTO (hrs)', 'Vac', 'Paid Leave Hours',
    'PTO Taken',
  ],
  'Holiday Hours': [
    'Holiday Hours', 'Holiday', 'Hol', 'Hol Hrs', 'Holiday Hrs', 'HOL Hours', 'Holiday Pay Hours', 'Hol. Hrs',
    'Holiday (hrs)', 'Stat Holiday', 'Holiday Time', 'Hours - Holiday', 'Paid Holiday',
  ],
  'Sick Hours': [
    'Sick Hours', 'Sick', 'Sick Hrs', 'Sick Leave', 'Sick Time', 'Sick Pay Hours', 'SL Hrs', 'Sick Leave Hours',
    'Sick (hrs)', 'Hours - Sick', 'Sick Time Used', 'Sick Hrs Used',
  ],
  Tips: [
    'Tips', 'Cash Tips', 'Credit Tips', 'Charged Tips', 'Tips Reported', 'Reported Tips', 'Tip Income', 'Declared Tips',
    'Tips ($)', 'Gratuities', 'Tip Amt', 'CC Tips', 'Credit Card Tips',
  ],
  Bonus: [
    'Bonus', 'Bonus Pay', 'Bonus Amount', 'Bonus Amt', 'Bonuses', 'Discretionary Bonus', 'Incentive', 'Incentive Pay',
    'Spot Bonus', 'Bonus ($)', 'Performance Bonus',
  ],
  Commission: [
    'Commission', 'Commissions', 'Comm', 'Comm.', 'Commission Pay', 'Sales Commission', 'Commission Amt', 'Comm Earnings',
  ],
  Reimbursement: [
    'Reimbursement', 'Reimbursements', 'Reimb', 'Reimb.', 'Expense Reimbursement', 'Expense Reimb', 'Expenses',
    'Mileage Reimb', 'Reimbursed Expenses', 'Non-Taxable Reimb',
  ],
  'Gross Pay': [
    'Gross Pay', 'Gross', 'Gross Wages', 'Gross Earnings', 'Total Gross', 'Gross Amount', 'Gross Amt', 'Total Earnings',
    'Earnings', 'Total Pay', 'Gross Pay ($)', 'Current Gross', 'Gross_Pay', 'GrossPay', 'Gross-Pay', 'Total Gross Pay',
    'Gross Wages Paid', 'Gross Salary', 'Wages', 'Total Wages', 'Gross Comp', 'Gross $',
  ],
  Deductions: [
    'Deductions', 'Total Deductions', 'Deduction', 'Ded', 'Deds', 'Total Ded', 'Total W/H', 'Withholdings',
    'Total Withholding', 'Deductions ($)', 'Tot Deductions', 'Employee Deductions', 'Taxes & Deductions',
  ],
  'Net Pay': [
    'Net Pay', 'Net', 'Net Amount', 'Net Amt', 'Net Check', 'Check Amount', 'Check Amt', 'Take Home', 'Take-Home Pay',
    'Net Wages', 'Net Pay ($)', 'NetPay', 'Net_Pay', 'Net Earnings',
  ],
  'Pay Date': [
    'Pay Date', 'Check Date', 'Date Paid', 'Pay Dt', 'Paid Date', 'Payment Date', 'Chk Date', 'Check Dt', 'Paydate',
    'Pay_Date', 'Pay Day', 'Payday', 'Deposit Date', 'Date of Payment', 'Chk Dt', 'Pay Date (MM/DD/YYYY)',
  ],
  'Period Start': [
    'Period Start', 'Pay Period Start', 'Period Begin', 'Period Beginning', 'Start Date', 'Week Start', 'Week Starting',
    'Pay Period Begin', 'PP Start', 'Period Start Date', 'From Date', 'Begin Date', 'Period From', 'PP Begin Date',
  ],
  'Period End': [
    'Period End', 'Pay Period End', 'Period Ending', 'Period End Date', 'PE Date', 'P/E Date', 'Week Ending', 'Week End',
    'W/E Date', 'WE Date', 'End Date', 'Pay Period Ending', 'PP End', 'Period To', 'Through Date', 'Period Thru',
  ],
  SSN: [
    'SSN', 'SS#', 'SS No.', 'Soc Sec #', 'Soc. Sec. No.', 'Social Security', 'Social Security Number', 'Social Security #',
    'SSN/TIN', 'SS Number', 'Soc Sec No', 'SocSecNo', 'Tax ID', 'SS_No', 'SSN #', 'Employee SSN', 'SocialSecurityNumber',
    'Social Sec #', 'S.S.N.', 'Soc Sec Number',
  ],
};

/** Headers split over two rows, each column with its own upper cell ("Regular" above "Hours"). */
export const SPLIT_SPELLINGS: Partial<Record<CanonicalColumn, ReadonlyArray<readonly [string, string]>>> = {
  'Employee ID': [['Employee', 'ID'], ['Emp', '#'], ['Employee', 'Number'], ['File', '#']],
  'Employee Name': [['Employee', 'Name'], ['Emp', 'Name']],
  'First Name': [['First', 'Name']],
  'Last Name': [['Last', 'Name']],
  Department: [['Home', 'Dept'], ['Dept', 'Name']],
  'Pay Rate': [['Pay', 'Rate'], ['Hourly', 'Rate']],
  'Regular Hours': [['Regular', 'Hours'], ['Reg', 'Hrs'], ['Hours', 'Regular'], ['Hours', 'Reg']],
  'Overtime Hours': [['Overtime', 'Hours'], ['OT', 'Hrs'], ['Hours', 'OT'], ['Hours', 'Overtime']],
  'Double Time Hours': [['Double Time', 'Hours'], ['DT', 'Hrs'], ['Hours', 'Double Time']],
  'PTO Hours': [['PTO', 'Hours'], ['Vacation', 'Hrs'], ['Hours', 'PTO']],
  'Holiday Hours': [['Holiday', 'Hours'], ['Hours', 'Hol']],
  'Sick Hours': [['Sick', 'Hours'], ['Hours', 'Sick']],
  Tips: [['Cash', 'Tips'], ['Credit Card', 'Tips']],
  Bonus: [['Bonus', 'Amount']],
  'Gross Pay': [['Gross', 'Pay'], ['Gross', 'Amount'], ['Gross', 'Wages'], ['Total', 'Gross']],
  Deductions: [['Total', 'Deductions']],
  'Net Pay': [['Net', 'Pay'], ['Net', 'Amount']],
  'Pay Date': [['Pay', 'Date'], ['Check', 'Date']],
  'Period Start': [['Period', 'Start'], ['Pay Period', 'Begin']],
  'Period End': [['Period', 'End'], ['Week', 'Ending']],
  SSN: [['Social Security', 'Number'], ['SS', '#'], ['Soc Sec', 'No.']],
};

/**
 * Grouped two-row headers: one upper label, merged over the columns of its group, with short labels
 * below ("Hours" over "Reg", "OT", "DT"). A group is used when two or more of its columns are present.
 */
export interface HeaderGroup {
  labels: readonly string[];
  members: Partial<Record<CanonicalColumn, readonly string[]>>;
}

export const HEADER_GROUPS: readonly HeaderGroup[] = [
  {
    labels: ['Hours', 'Hours Worked', 'Hrs', 'HOURS'],
    members: {
      'Regular Hours': ['Reg', 'Regular', 'REG'],
      'Overtime Hours': ['OT', 'O/T', 'Overtime'],
      'Double Time Hours': ['DT', 'Double', 'Dbl Time'],
      'PTO Hours': ['PTO', 'Vac', 'Vacation'],
      'Holiday Hours': ['Hol', 'Holiday'],
      'Sick Hours': ['Sick'],
    },
  },
  {
    labels: ['Pay', 'Amounts', 'Current Period', 'Earnings & Deductions'],
    members: { 'Gross Pay': ['Gross'], 'Net Pay': ['Net'], Deductions: ['Deductions', 'Ded'], Tips: ['Tips'], Bonus: ['Bonus'] },
  },
  { labels: ['Pay Period', 'Period', 'Week'], members: { 'Period Start': ['Start', 'Begin', 'From'], 'Period End': ['End', 'Ending', 'To'] } },
  { labels: ['Employee', 'Emp'], members: { 'Employee ID': ['ID', '#', 'Number'], 'Employee Name': ['Name'] } },
  { labels: ['Name', 'Employee Name'], members: { 'First Name': ['First'], 'Last Name': ['Last'] } },
];

/** Columns a register carries that are none of the canonical ones (kept under their own header). */
export const EXTRA_HEADERS: readonly string[] = [
  'Job Title', 'Title', 'Position', 'Notes', 'Comments', 'Memo', 'Total Hours', 'Total Hrs', 'YTD Gross', 'YTD Net',
  'Location Code', 'Job Code', 'Shift', 'Pay Type', 'Pay Frequency', 'Status', 'Hire Date', 'Check #', 'Check No.',
  'Batch ID', 'Co Code', 'Work State', 'Union Code', 'Supervisor', 'Earnings Code', 'Tax Frequency', 'FIT', 'FICA',
  'Medicare', 'State Tax', 'Rate Code', 'Workers Comp Code',
];

/** Headers of bank account and routing columns (direct deposit exports): not canonical, always sensitive. */
export const BANK_ACCOUNT_HEADERS: readonly string[] = [
  'Bank Account #', 'Account Number', 'Acct #', 'DD Account', 'Bank Acct No', 'Checking Acct', 'Deposit Account',
  'Account No.', 'Bank Account Number', 'DD Acct',
];
export const ROUTING_HEADERS: readonly string[] = [
  'Routing #', 'Routing Number', 'ABA', 'ABA #', 'Bank Routing No', 'Transit/ABA', 'RTN', 'Transit #', 'Bank Routing Number',
];

/** Headers that say nothing of what the column holds (an SSN in such a column must still be masked). */
export const UNKNOWN_HEADERS: readonly string[] = ['Ref Code', 'Field 7', 'Column 12', 'Legacy Key', 'Alt Key', 'Misc', 'Custom 3', 'Other Ref', 'X-Ref'];

/** Free-text columns that may carry an SSN inside a sentence. */
export const NOTE_HEADERS: readonly string[] = ['Notes', 'Comments', 'Memo', 'Remarks', 'Payroll Notes'];

/** Groups of the weekly grid: each spans one column per week. */
export const WEEKLY_GROUPS: readonly string[] = ['Hours Worked', 'Overtime Hours', 'Pay', 'Regular', 'Double Time', 'PTO Hours'];
