import type { AdminRepository } from '../../admin/admin.repository.ts';
import { audit, findUser, findUsers, setUserDisabled, setUserRoles } from './admin-users.ts';
import {
  auditLog,
  createInvite,
  createRole,
  deleteRole,
  listInvites,
  listRoles,
  revokeInvite,
  setStaffDefaultRole,
  staffDefaultRole,
  updateRole,
} from './admin-roles.ts';
import { editSamples, findSamples } from './admin-samples.ts';
import { applySheet, samplesByIds, sheetSamples } from './admin-sheet.ts';
import { deletePack, editPack, readPack, setPackCover } from './admin-packs.ts';
import type { Program } from './steps.ts';

/** Runs one program in one transaction of an engine (sqlite/admin.ts, postgres/admin.ts). */
export type ProgramRunner = <T>(program: Program<T>) => Promise<T>;

/** The admin port over an engine's runner: its rules are the programs of admin-*.ts, once. */
export function adminRepositoryOf(runProgram: ProgramRunner): AdminRepository {
  return {
    findUsers: (query) => runProgram(findUsers(query)),
    findUser: (id) => runProgram(findUser(id)),
    setUserRoles: (userId, roles, actor) => runProgram(setUserRoles(userId, roles, actor)),
    setUserDisabled: (userId, disabled, actor) =>
      runProgram(setUserDisabled(userId, disabled, actor)),
    listRoles: () => runProgram(listRoles()),
    createRole: (role, actor) => runProgram(createRole(role, actor)),
    updateRole: (code, role, actor) => runProgram(updateRole(code, role, actor)),
    deleteRole: (code, actor) => runProgram(deleteRole(code, actor)),
    staffDefaultRole: () => runProgram(staffDefaultRole()),
    setStaffDefaultRole: (code, actor) => runProgram(setStaffDefaultRole(code, actor)),
    listInvites: () => runProgram(listInvites()),
    createInvite: (invite, actor) => runProgram(createInvite(invite, actor)),
    revokeInvite: (code, actor) => runProgram(revokeInvite(code, actor)),
    findSamples: (query) => runProgram(findSamples(query)),
    editSamples: (ids, edit, actor) => runProgram(editSamples(ids, edit, actor)),
    sheetSamples: (query) => runProgram(sheetSamples(query)),
    samplesByIds: (ids) => runProgram(samplesByIds(ids)),
    applySheet: (edits, actor) => runProgram(applySheet(edits, actor)),
    readPack: (code) => runProgram(readPack(code)),
    editPack: (code, edit, actor) => runProgram(editPack(code, edit, actor)),
    setPackCover: (code, cover, actor) => runProgram(setPackCover(code, cover, actor)),
    deletePack: (code, actor) => runProgram(deletePack(code, actor)),
    recordAudit: ({ action, target, before, after }, actor) =>
      runProgram(audit(actor, action, target, before, after)),
    auditLog: (window) => runProgram(auditLog(window)),
  };
}
