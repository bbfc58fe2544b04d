;;; style-compile.el --- style_plugin logs in compilation-mode  -*- lexical-binding: t -*-
;; SPDX-License-Identifier: GPL-2.0

;;; Commentary:

;; compile-mode reads GCC's warnings right, display columns included
;; (`compilation-error-screen-columns' is t), but it takes the
;; insertion lines of -fdiagnostics-parseable-fixits,
;;   fix-it:"lib/x.c":{12:1-12:1}:"\t\treturn 1;\n"
;; for errors.  The rule below, tried before the others (a line that
;; one rule matched is left alone by the rest), makes every fix-it line
;; an informational message at the place it edits, which `next-error'
;; skips.  `style-apply-fixits' applies the fix-its of the
;; warning at point with the project's scripts/apply-fixits.sh.
;;
;; Usage: (load "/path/to/style_plugin/editors/style-compile.el")

;;; Code:

(require 'compile)

(add-to-list 'compilation-error-regexp-alist-alist
	     '(gcc-fixit
	       "^fix-it:\"\\([^\"\n]+\\)\":{\\([0-9]+\\):\\([0-9]+\\)-[0-9]+:[0-9]+}:\".*\"$"
	       1 2 3 0))
(add-to-list 'compilation-error-regexp-alist 'gcc-fixit)

(defvar style-apply-fixits-script
  (expand-file-name "../scripts/apply-fixits.sh"
		    (file-name-directory (or load-file-name buffer-file-name)))
  "The project's scripts/apply-fixits.sh.")

(defun style-apply-fixits ()
  "Apply the fix-its that follow the warning at point in a compilation buffer.
The files are edited on disk, and buffers visiting them are reverted."
  (interactive)
  (let ((dir default-directory) start lines)
    (save-excursion
      (forward-line 0)
      (unless (looking-at "^[^ \n]+:[0-9]+:[0-9]+: \\(warning\\|error\\): ")
	(user-error "No warning on this line"))
      (forward-line 1)
      (while (and (not (eobp)) (not (looking-at "^fix-it:")) (looking-at "^ "))
	(forward-line 1))
      (setq start (point))
      (while (looking-at "^fix-it:")
	(forward-line 1))
      (setq lines (buffer-substring-no-properties start (point))))
    (when (string= lines "")
      (user-error "This warning has no fix-it"))
    (with-temp-buffer
      (insert lines)
      (let ((default-directory dir))
	(unless (eq 0 (call-process-region (point-min) (point-max)
					   style-apply-fixits-script
					   nil nil nil))
	  (error "%s failed" style-apply-fixits-script))))
    (dolist (buf (buffer-list))
      (with-current-buffer buf
	(when (and buffer-file-name (not (buffer-modified-p)))
	  (revert-buffer t t t))))))

(provide 'style-compile)
;;; style-compile.el ends here
