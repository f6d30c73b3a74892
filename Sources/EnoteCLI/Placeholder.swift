import NoteVault
